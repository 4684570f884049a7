/**
 * A deterministic generator of mail-like text for the benchmark: English-like lines of
 * 60–75 characters, and about every tenth line a URL of varied shape — bare, in angle
 * brackets, in `<URL:...>` wrappers broken across lines (some after a hyphen), in quoted
 * replies, schemeless, mailto and news. Seeded, so every run measures the same text.
 */

const WORDS = (
  'the of and to in is that for it as with was on be by at this are from or have an they which ' +
  'one you were her all she there would their we him been has when who will more no if out so ' +
  'said what up its about into than them can only other new some could time these two may then ' +
  'do first any my now such like our over man me even most made after also did many before must ' +
  'through back years where much your way well down should because each just those people how ' +
  'too little state good very make world still own see men work long get here between both life ' +
  'being under never day same another know while last might us great old year off come since ' +
  'against go came right used take three patch driver kernel build release list thanks regards'
).split(' ');

const HOSTS = ['www.example.com', 'lists.example.org', 'ftp.example.net', 'files.example.edu', 'git.example.io', 'docs.example.co.uk'];
const PATHS = ['/pipermail/list/2019-April/012345.html', '/pub/rfc/rfc1738.txt', '/wiki/Uniform_Resource_Locator', '/a/b/c/d/e/f/index.html', '/search?q=url+scanner&lang=en', '/~user/papers/some-long-file-name-v2.pdf'];

/** Mulberry32: a small, fast, seeded PRNG; enough for shaping test text. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Generates about `bytes` characters (ASCII, so characters and bytes agree) of mail-like text. */
export function generateMailText(bytes: number, seed = 1738): string {
  const random = seeded(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const lines: string[] = [];
  let size = 0;
  const push = (line: string) => {
    lines.push(line);
    size += line.length + 1;
  };
  const sentence = (min: number, max: number, prefix = ''): string => {
    const target = min + Math.floor(random() * (max - min + 1));
    let line = prefix;
    while (line.length < target) line += (line.length > prefix.length ? ' ' : '') + pick(WORDS);
    return line.slice(0, max);
  };
  while (size < bytes) {
    const quoted = random() < 0.2 ? '> ' : '';
    for (let i = 0; i < 9; i++) push(sentence(60, 75, quoted));
    // Numbers vary every URL, so no two are alike: a cache could not make the scan look fast.
    const url = `http${random() < 0.5 ? 's' : ''}://${pick(HOSTS)}${pick(PATHS)}${random() < 0.5 ? `?id=${Math.floor(random() * 1e6)}` : `/${Math.floor(random() * 1e6)}`}`;
    switch (Math.floor(random() * 8)) {
      case 0:
        push(`${quoted}See ${url} for the details.`);
        break;
      case 1:
        push(`${quoted}The archive is at <${url}>, as announced.`);
        break;
      case 2: {
        const cut = 20 + Math.floor(random() * 15);
        push(`${quoted}Yes, I found it under <URL:${url.slice(0, cut)}`);
        push(`${quoted}      ${url.slice(cut)}> but you can probably pick it up elsewhere.`);
        break;
      }
      case 3:
        push(`${quoted}Hyphenated: <URL:http://www.some-`);
        push(`${quoted}   host.example/a-b-c.html> was printed that way.`);
        break;
      case 4:
        push(`${quoted}(see ${url}).`);
        break;
      case 5:
        push(`${quoted}Also on ${pick(HOSTS).startsWith('www') ? 'www.example.com/page' : 'www.example.org'} and news:comp.mail.misc today.`);
        break;
      case 6:
        push(`${quoted}Write to <mailto:list-request@example.org?subject=help> to leave.`);
        break;
      default:
        push(`${quoted}ftp://ftp.example.net/pub/README and ${url}`);
    }
  }
  return lines.join('\n');
}
