import { describe, expect, it } from 'vitest';
import { KEY_MENU, offersKeyMenu } from './call-prompt.ts';
import {
  DEMO_LIMITS,
  DEMO_SCENARIO_IDS,
  DEMO_SCENARIOS,
  DEMO_VOICE_LABELS,
  findDemoScenario,
} from './demo.ts';
import { findVoice } from './voices.ts';

describe('demo scenarios', () => {
  it('are the five of the spec, in order, each once', () => {
    expect(DEMO_SCENARIOS.map((scenario) => scenario.id)).toEqual([...DEMO_SCENARIO_IDS]);
    expect(findDemoScenario('follow-up-call')?.title).toBe('Follow-up Call');
    expect(findDemoScenario('nope')).toBeUndefined();
  });

  it('speak in the voice their label maps to', () => {
    for (const scenario of DEMO_SCENARIOS) {
      expect(DEMO_VOICE_LABELS[scenario.voiceLabel], scenario.id).toBe(scenario.voice);
      expect(findVoice(scenario.voice), scenario.id).toBeDefined();
    }
    expect(Object.keys(DEMO_VOICE_LABELS)).toEqual([
      'Professional Female',
      'Friendly Male',
      'Warm Male',
      'Encouraging Male',
      'Motivational Female',
    ]);
  });

  it('fit the demo limits, and name the business and the person called', () => {
    for (const scenario of DEMO_SCENARIOS) {
      expect(scenario.script.length).toBeLessThanOrEqual(DEMO_LIMITS.speechLength);
      expect(scenario.initialPrompt.length).toBeLessThanOrEqual(DEMO_LIMITS.speechLength);
      expect(scenario.script).toContain(scenario.businessName);
      expect(scenario.script).toContain(scenario.recipientName);
      // The product's real key menu: 1 confirms.
      expect(scenario.script).toMatch(/Press 1 /);
    }
  });

  it('end with the one key menu a call ends with, never a second one of their own', () => {
    for (const scenario of DEMO_SCENARIOS) {
      expect(offersKeyMenu(scenario.message), scenario.id).toBe(false);
      expect(scenario.script, scenario.id).toBe(`${scenario.message} ${KEY_MENU}`);
      expect(scenario.script.match(/press 1/gi), scenario.id).toHaveLength(1);
    }
  });
});
