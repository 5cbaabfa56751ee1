import { useId, useState, type ReactNode } from 'react';

export interface SegmentedOption<T extends string> {
  readonly value: T;
  readonly label: ReactNode;
}

export interface SegmentedControlProps<T extends string> {
  /** What is being chosen (e.g. 「表示期間」); read by screen readers, shown when `showLabel`. */
  readonly label: string;
  readonly showLabel?: boolean;
  readonly options: readonly SegmentedOption<T>[];
  readonly value: T;
  readonly onChange: (value: T) => void;
  /** Form field name; generated when absent. */
  readonly name?: string;
}

/**
 * One choice of a few (period 1M/3M/1Y, 金額/口数): native radio buttons drawn as segments, so arrow keys,
 * forms and screen readers work as for any radio group.
 *
 * The tapped segment shows as chosen at once, also when `value` follows the address: React Router commits
 * a navigation in a transition, and a controlled radio would meanwhile snap back to the old choice.
 */
export function SegmentedControl<T extends string>({
  label,
  showLabel = false,
  options,
  value,
  onChange,
  name,
}: SegmentedControlProps<T>) {
  const generatedName = useId();
  const [chosen, setChosen] = useState(value);
  const [followed, setFollowed] = useState(value);
  if (value !== followed) {
    setFollowed(value);
    setChosen(value);
  }
  return (
    <fieldset className="ui-segmented">
      <legend className={showLabel ? 'ui-segmented__legend' : 'visually-hidden'}>{label}</legend>
      <div className="ui-segmented__options">
        {options.map((option) => (
          <label key={option.value} className="ui-segmented__option">
            <input
              type="radio"
              className="ui-segmented__input"
              name={name ?? generatedName}
              value={option.value}
              checked={option.value === chosen}
              onChange={() => {
                setChosen(option.value);
                onChange(option.value);
              }}
            />
            <span className="ui-segmented__label">{option.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
