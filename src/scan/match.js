export {};
//# sourceMappingURL=match.js.map