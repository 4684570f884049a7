import { describe, expect, it } from 'vitest';
import { countMatch, createStats, formatStats, TOP_HOSTS } from '../../src/cli/stats.js';

describe('stats', () => {
  it('counts printed URLs by scheme and host, and lists the busiest hosts first', () => {
    const stats = createStats();
    countMatch(stats, 'http', 'b.example.org');
    countMatch(stats, 'https', 'a.example.org');
    countMatch(stats, 'http', 'a.example.org');
    countMatch(stats, 'mailto', undefined);
    stats.files = 2;
    stats.messages = 5;
    stats.errors = 1;
    stats.bytes = 1234;
    expect(JSON.parse(formatStats(stats, 1.23456))).toEqual({
      files: 2,
      messages: 5,
      matches: 4,
      errors: 1,
      bytes: 1234,
      seconds: 1.235,
      schemes: { http: 2, https: 1, mailto: 1 },
      topHosts: [
        { host: 'a.example.org', count: 2 },
        { host: 'b.example.org', count: 1 },
      ],
    });
  });

  it(`keeps only the ${TOP_HOSTS} busiest hosts, ties in name order, numeric hosts in their place`, () => {
    const stats = createStats();
    for (let i = 0; i < 15; i++) countMatch(stats, 'http', `h${String(i).padStart(2, '0')}.example.org`);
    countMatch(stats, 'http', '127');
    countMatch(stats, 'http', '127');
    const { topHosts } = JSON.parse(formatStats(stats, 0)) as { topHosts: Array<{ host: string; count: number }> };
    expect(topHosts).toHaveLength(TOP_HOSTS);
    expect(topHosts[0]).toEqual({ host: '127', count: 2 });
    expect(topHosts.slice(1).map((entry) => entry.host)).toEqual(Array.from({ length: TOP_HOSTS - 1 }, (_, i) => `h0${i}.example.org`));
  });

  it('is one line of JSON', () => {
    expect(formatStats(createStats(), 0)).not.toContain('\n');
  });
});
