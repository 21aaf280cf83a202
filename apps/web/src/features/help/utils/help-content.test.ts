import { describe, expect, it } from 'vitest';
import { HELP_ARTICLES, HELP_FAQS, HELP_TOPICS, matchesQuery, searchHelp } from './help-content';

describe('help search', () => {
  it('shows everything for an empty search', () => {
    expect(searchHelp('  ')).toEqual({ topics: HELP_TOPICS, articles: HELP_ARTICLES, faqs: HELP_FAQS });
  });

  it('keeps the topics and questions that contain every word, in any case', () => {
    const result = searchHelp('VOICE preview');
    expect(result.topics.map((topic) => topic.title)).toEqual(['Scripts and Voices']);
    expect(result.faqs.map((faq) => faq.question)).toEqual(['How do I schedule my first call?']);
  });

  it('finds the trial in the billing topic and its question', () => {
    const result = searchHelp('trial');
    expect(result.topics.map((topic) => topic.id)).toEqual(['billing-and-plans']);
    expect(result.faqs.map((faq) => faq.question)).toEqual(['What is included in the free trial?']);
  });

  it('finds the consent article by what it explains', () => {
    for (const query of [
      'consent',
      'existing customers',
      'bulk edit',
      'promotional marketing',
      'import consent',
    ]) {
      expect(
        searchHelp(query).articles.map((article) => article.id),
        query,
      ).toEqual(['consent']);
    }
    expect(searchHelp('trial').articles).toEqual([]);
    expect(searchHelp('VOICE preview').articles).toEqual([]);
  });

  it('finds nothing for words that appear nowhere', () => {
    expect(searchHelp('spaceship')).toEqual({ topics: [], articles: [], faqs: [] });
    expect(matchesQuery('café', 'Cafe opening hours')).toBe(true);
  });
});
