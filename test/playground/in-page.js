// Runs in headless Chromium, next to the built playground (see page.test.ts): the browser
// bundles of urlsift (`urlsift.js`, `urlsift-remark.js`, exactly as the playground build
// writes them) on the corpus cases, for comparison with Node's output. Plain JavaScript,
// served as is: nothing here is transformed by the test runner.
import * as urlsift from './urlsift.js';
import remarkUrlsift from './urlsift-remark.js';
import { remarkGfm, remarkParse, remarkStringify, unified } from './test-markdown.js';

/**
 * findUrls with onReject on each corpus/scan case.
 * @param {{ name: string, text: string, options: object }[]} cases
 * @returns {string} JSON: per case, the matches and the rejected candidates
 */
function scanCases(cases) {
  const results = cases.map(({ name, text, options }) => {
    const rejected = [];
    const matches = urlsift.findUrls(text, { ...options, onReject: (candidate) => rejected.push(candidate) });
    return { name, matches, rejected };
  });
  return JSON.stringify(results);
}

/**
 * parseUrl on each URL: internationalised hosts go through the browser's own `URL`.
 * @param {string[]} urls
 * @returns {string} JSON: per URL, the parts or the rejection
 */
function parseCases(urls) {
  return JSON.stringify(urls.map((url) => urlsift.parseUrl(url)));
}

/** The scheme parser the markdown fixtures' `acceptSchemes` stands for: it accepts anything. */
function acceptAnything(url) {
  return { scheme: url.slice(0, url.indexOf(':')).toLowerCase(), notes: [] };
}

/**
 * unified + remark-parse (+ remark-gfm) + urlsift/remark + remark-stringify on each
 * corpus/markdown fixture.
 * @param {{ name: string, input: string, config: { gfm?: boolean, options?: object, acceptSchemes?: string[] } }[]} cases
 * @returns {Promise<string>} JSON: per case, the markdown written and the vfile messages
 */
async function markdownCases(cases) {
  const results = [];
  for (const { name, input, config } of cases) {
    const options = { ...config.options };
    if (config.acceptSchemes) {
      options.registry = urlsift.createRegistry(Object.fromEntries(config.acceptSchemes.map((scheme) => [scheme, acceptAnything])));
    }
    const processor = unified()
      .use(remarkParse)
      .use(config.gfm ? [remarkGfm] : [])
      .use(remarkUrlsift, options)
      .use(remarkStringify);
    const file = await processor.process(input);
    const messages = file.messages.map((message) => ({
      ruleId: message.ruleId,
      source: message.source,
      reason: message.reason,
      place: message.place,
    }));
    results.push({ name, output: String(file), messages });
  }
  return JSON.stringify(results);
}

globalThis.urlsiftInPage = { scanCases, parseCases, markdownCases, exported: Object.keys(urlsift).sort() };
