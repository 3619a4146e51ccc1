import { describe, expect, it } from 'vitest';
import { commitMessage } from '#lib/server/content/revision-row.ts';

describe('commitMessage', () => {
  it('drops C0, C1 and bidi controls and folds line breaks into one line', () => {
    expect(commitMessage('Create blog post "a\u001b[31mb\u0007 \u202Egnp\u202C \u2066x\u2069 \u0085 \u009b c"')).toBe(
      'Create blog post "a[31mb gnp x c"',
    );
    expect(commitMessage('Update "t\nContent-Revision: forged"')).toBe('Update "t Content-Revision: forged"');
    expect(commitMessage('Tabs\tand\r\nbreaks\u2028too')).toBe('Tabs and breaks too');
  });
  it('leaves ordinary text, emoji joiners and other scripts alone', () => {
    for (const text of ['Create blog post "Café crème"', 'Update "한국 채권": text', 'Family 👨‍👩‍👧 and می‌خواهم'])
      expect(commitMessage(text)).toBe(text);
  });
});
