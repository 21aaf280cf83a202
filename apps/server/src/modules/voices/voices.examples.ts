import { operationExamples } from '../../http/operation-examples.ts';

/** The examples of each operation, beside its route in voices.routes.ts. */
export const VOICES_EXAMPLES = operationExamples({
  /** GET /v1/voices */
  listVoices: [
    {
      name: 'voices',
      summary: 'Every voice, and whether the plan includes it',
      status: 200,
      response: {
        data: [
          { id: 'aria', name: 'Aria', gender: 'female', tone: 'professional', available: true },
          { id: 'roger', name: 'Roger', gender: 'male', tone: 'friendly', available: true },
          { id: 'sarah', name: 'Sarah', gender: 'female', tone: 'warm', available: true },
          { id: 'laura', name: 'Laura', gender: 'female', tone: 'calm', available: true },
          { id: 'charlie', name: 'Charlie', gender: 'male', tone: 'energetic', available: true },
          { id: 'george', name: 'George', gender: 'male', tone: 'authoritative', available: false },
        ],
        provider: 'espeak',
      },
    },
  ],
  /** POST /v1/voices/preview */
  previewVoice: [
    {
      name: 'preview',
      summary: 'Hear a message in a voice',
      body: { voice: 'laura', text: 'Hi {{name}}, see you tomorrow at 10.', variables: { name: 'Maria' } },
      status: 200,
    },
  ],
});
