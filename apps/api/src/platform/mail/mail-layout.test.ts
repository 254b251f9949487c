import { describe, expect, it } from 'vitest';
import { mailBlocks } from './mail-layout.ts';

describe('mailBlocks', () => {
  it('makes the first short "Label: link" the button, with a sentence before it kept as text', () => {
    expect(
      mailBlocks('Hello,\n\nWe hold it until Friday. Pay here: https://x.test/pay\n\nSee: https://x.test/b', 'en'),
    ).toEqual([
      { type: 'paragraph', lines: ['Hello,'] },
      { type: 'paragraph', lines: ['We hold it until Friday.'] },
      { type: 'button', label: 'Pay here', href: 'https://x.test/pay' },
      { type: 'paragraph', lines: ['See: https://x.test/b'] },
    ]);
  });

  it('leaves a list of choices as links: none of them is the main action', () => {
    const text =
      'Your request was declined.\n\nThese times are free instead; each link books it:\n- Tue, Dec 1, 10:00: https://x.test/1\n- Wed, Dec 2, 11:00: https://x.test/2';
    const blocks = mailBlocks(text, 'en');
    expect(blocks.filter((b) => b.type === 'button')).toEqual([]);
    expect(blocks.at(-1)).toEqual({
      type: 'paragraph',
      lines: [
        'These times are free instead; each link books it:',
        '- Tue, Dec 1, 10:00: https://x.test/1',
        '- Wed, Dec 2, 11:00: https://x.test/2',
      ],
    });
    // A link of its own after the list is still the button.
    expect(mailBlocks(`${text}\n\nhttps://x.test/booking`, 'de').at(-1)).toEqual({
      type: 'button',
      label: 'Link öffnen',
      href: 'https://x.test/booking',
    });
  });
});
