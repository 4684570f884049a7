#!/usr/bin/env node
/**
 * The `urlsift` command: see `src/cli/main.ts`, and the README's "Command line".
 */
import { main } from './cli/main.js';

process.exitCode = await main(process.argv.slice(2));
