import { offersKeyMenu } from '@callwise/shared/call-prompt';
import { variablesIn } from '@callwise/shared/variables';
import { describe, expect, it } from 'vitest';
import { QUICK_TEMPLATES } from '@/features/schedule-call/utils/templates';

describe('the quick templates', () => {
  it('greet by first name and leave the key menu to the call engine (one menu per call)', () => {
    for (const template of QUICK_TEMPLATES) {
      expect(variablesIn(template.message), template.title).toContain('first_name');
      expect(variablesIn(template.message), template.title).not.toContain('name');
      expect(offersKeyMenu(template.message), template.title).toBe(false);
      expect(template.message, template.title).not.toMatch(/press/i);
    }
  });
});
