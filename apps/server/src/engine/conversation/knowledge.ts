import type { KnowledgeEntry, KnowledgeTopic } from '@callwise/shared/schemas/assistant';

/**
 * Finding the business's own answer to a caller's question (issue #18, decision 026), offline: the question's words
 * against each entry's question (the owner writes it in callers' words) and the words callers use for its topic.
 * The assistant quotes the answer as written; with no entry close enough it answers nothing and takes a message.
 */

/** Words that say nothing about what is asked. */
const STOP_WORDS = new Set(
  `a an the and or but if of to in on at by for with from about as into is are was were be been am do does did
  doing have has had can could will would shall should may might must i me my we our us you your he she it its
  they them their this that these those there here what which who whom whose how please tell know like just
  want wanted wondering wonder question ask asking hi hello hey yes ok okay so then also any some really much`.split(
    /\s+/,
  ),
);

/** What callers say when they ask about each topic (a word here counts once, beside the entry's own words). */
const TOPIC_WORDS: Record<KnowledgeTopic, readonly string[]> = {
  hours: [
    'time',
    'monday',
    'tuesday',
    'wednesday',
    'thursday',
    'friday',
    'open',
    'close',
    'closed',
    'hour',
    'when',
    'today',
    'tomorrow',
    'weekend',
    'saturday',
    'sunday',
    'late',
    'early',
    'holiday',
  ],
  address: [
    'where',
    'address',
    'locat',
    'direction',
    'find',
    'street',
    'get',
    'there',
    'office',
    'building',
    'floor',
    'near',
  ],
  parking: ['park', 'car', 'garage', 'lot', 'drive', 'valet', 'street'],
  prices: ['price', 'cost', 'much', 'fee', 'charge', 'pay', 'expensive', 'cheap', 'rate', 'dollar', 'afford'],
  services: ['offer', 'service', 'provide', 'treatment', 'do', 'available', 'kind', 'type'],
  policies: ['policy', 'cancel', 'late', 'insurance', 'refund', 'deposit', 'bring', 'rule', 'miss', 'noshow'],
  other: [],
};

/** The words of a text, lower-cased, stop words out, reduced to a crude stem ("parking" → "park"). */
export function keywords(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[’']/g, '')
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 1 && !STOP_WORDS.has(word))
    .map(stem);
}

function stem(word: string): string {
  for (const ending of ['ations', 'ation', 'ings', 'ing', 'ies', 'ed', 'es', 's']) {
    if (word.length - ending.length >= 3 && word.endsWith(ending)) {
      return ending === 'ies' ? `${word.slice(0, -3)}y` : word.slice(0, -ending.length);
    }
  }
  return word;
}

const matches = (word: string, candidate: string) =>
  word === candidate || (candidate.length >= 4 && word.startsWith(candidate));

/** How well an entry answers a question: shared words with its question count twice, words of its topic once. */
export function knowledgeScore(question: string, entry: KnowledgeEntry): number {
  const asked = keywords(question);
  if (asked.length === 0) return 0;
  const own = new Set(keywords(entry.question));
  const topic = TOPIC_WORDS[entry.topic];
  let score = 0;
  for (const word of new Set(asked)) {
    if ([...own].some((candidate) => matches(word, candidate) || matches(candidate, word))) score += 2;
    else if (topic.some((candidate) => matches(word, candidate))) score += 1;
  }
  return score;
}

/** The entry that answers a question best, when one answers it well enough (two shared words, or one and its topic). */
export function findAnswer(question: string, entries: readonly KnowledgeEntry[]): KnowledgeEntry | null {
  let best: KnowledgeEntry | null = null;
  let bestScore = 1;
  for (const entry of entries) {
    const score = knowledgeScore(question, entry);
    if (score > bestScore) {
      best = entry;
      bestScore = score;
    }
  }
  return best;
}
