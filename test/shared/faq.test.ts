import { describe, expect, it } from 'vitest';
import { FAQ_ENTRIES, filterFaq } from '#shared/faq/rules';

describe('FAQ search (spec §2: filters by title, case-insensitive)', () => {
  it('finds questions by a part of the title whatever the case', () => {
    expect(filterFaq(FAQ_ENTRIES, 'VISITA').map((e) => e.title)).toEqual(['A visita técnica tem custo?']);
    expect(filterFaq(FAQ_ENTRIES, 'conta de luz').map((e) => e.id)).toEqual([2, 3, 4]);
  });

  it('ignores accents and surrounding spaces; a blank search lists everything', () => {
    expect(filterFaq(FAQ_ENTRIES, '  visita tecnica ').map((e) => e.id)).toEqual([5]);
    expect(filterFaq(FAQ_ENTRIES, '   ')).toHaveLength(FAQ_ENTRIES.length);
  });

  it('searches titles only, not answers', () => {
    // 'telhado' is in answers only
    expect(filterFaq(FAQ_ENTRIES, 'telhado')).toEqual([]);
  });
});
