import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { CodeInput } from './code-input';

function Harness({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <p id="code-label">Code</p>
      <CodeInput value={value} onChange={setValue} labelledBy="code-label" />
      <output data-testid="value">{value}</output>
    </>
  );
}

const boxes = () => screen.getAllByRole('textbox') as HTMLInputElement[];

describe('CodeInput', () => {
  it('renders six single-character boxes in a labelled group', () => {
    render(<Harness />);
    expect(boxes()).toHaveLength(6);
    expect(screen.getByRole('group', { name: 'Code' })).toBeTruthy();
    expect(boxes()[0]?.getAttribute('aria-label')).toBe('Character 1 of 6');
  });

  it('fills every box from a paste of exactly six characters', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(boxes()[0]!);
    await user.paste('A1B2C3');
    expect(boxes().map((b) => b.value)).toEqual(['A', '1', 'B', '2', 'C', '3']);
    expect(screen.getByTestId('value').textContent).toBe('A1B2C3');
  });

  it('ignores a paste of five characters', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(boxes()[0]!);
    await user.paste('12345');
    expect(boxes().map((b) => b.value)).toEqual(['', '', '', '', '', '']);
    expect(screen.getByTestId('value').textContent).toBe('');
  });

  it('moves to the next box while typing and back on Backspace', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(boxes()[0]!);
    await user.keyboard('12');
    expect(document.activeElement).toBe(boxes()[2]);
    await user.keyboard('{Backspace}');
    expect(document.activeElement).toBe(boxes()[1]);
    expect(screen.getByTestId('value').textContent).toBe('1');
  });
});
