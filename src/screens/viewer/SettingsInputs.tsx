/** The settings modal's native inputs with their labels, so every control works from the keyboard. */
import { useId } from 'react';

/** A slider with its label and the value it stands at. */
export function RangeField(p: {
  label: string;
  value: number;
  text: string;
  min: number;
  max: number;
  step: number;
  onValue: (v: number) => void;
}) {
  const id = useId();
  return (
    <div className="viewer-range">
      <label htmlFor={id} className="viewer-range__label">
        {p.label}
      </label>
      <output htmlFor={id} className="viewer-range__value">
        {p.text}
      </output>
      <input
        id={id}
        type="range"
        min={p.min}
        max={p.max}
        step={p.step}
        value={p.value}
        aria-valuetext={p.text}
        onChange={(e) => p.onValue(Number(e.target.value))}
      />
    </div>
  );
}

/** A checkbox with its label and an optional hint (a key that does the same). */
export function CheckField({
  label,
  checked,
  onValue,
  hint,
}: {
  label: string;
  checked: boolean;
  onValue: (v: boolean) => void;
  hint?: string;
}) {
  return (
    <label className="viewer-option">
      <input type="checkbox" checked={checked} onChange={(e) => onValue(e.target.checked)} />
      {label}
      {hint && <span className="viewer-option__hint">{hint}</span>}
    </label>
  );
}
