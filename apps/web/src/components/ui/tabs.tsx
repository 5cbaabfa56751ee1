import { useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface TabItem<T extends string> {
  readonly value: T;
  readonly label: ReactNode;
}

export interface TabsProps<T extends string> {
  /** The tab list's accessible name (e.g. 「お知らせの種類」). */
  readonly label: string;
  /** Prefix of the tab and panel ids; unique on the page. */
  readonly idBase: string;
  readonly items: readonly TabItem<T>[];
  readonly selected: T;
  readonly onSelect: (value: T) => void;
}

export const tabId = (idBase: string, value: string) => `${idBase}-tab-${value}`;
export const tabPanelId = (idBase: string, value: string) => `${idBase}-panel-${value}`;

/**
 * WAI-ARIA tabs with automatic activation: ←/→ move and select, Home/End jump; only the selected tab is
 * in the tab order. The panel is `TabPanel` with the same idBase and value.
 */
export function Tabs<T extends string>({ label, idBase, items, selected, onSelect }: TabsProps<T>) {
  const refs = useRef(new Map<T, HTMLButtonElement>());
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = items.findIndex((item) => item.value === selected);
    const step = ({ ArrowRight: 1, ArrowLeft: -1 } as Record<string, number>)[event.key];
    const target =
      step !== undefined
        ? items[(index + step + items.length) % items.length]
        : event.key === 'Home'
          ? items[0]
          : event.key === 'End'
            ? items[items.length - 1]
            : undefined;
    if (target === undefined) return;
    event.preventDefault();
    onSelect(target.value);
    refs.current.get(target.value)?.focus();
  };
  return (
    <div className="ui-tabs" role="tablist" aria-label={label}>
      {items.map((item) => {
        const isSelected = item.value === selected;
        return (
          <button
            key={item.value}
            ref={(element) => {
              if (element === null) refs.current.delete(item.value);
              else refs.current.set(item.value, element);
            }}
            type="button"
            role="tab"
            id={tabId(idBase, item.value)}
            aria-selected={isSelected}
            aria-controls={tabPanelId(idBase, item.value)}
            tabIndex={isSelected ? 0 : -1}
            className="ui-tabs__tab"
            onClick={() => onSelect(item.value)}
            onKeyDown={onKeyDown}
          >
            {item.label}
          </button>
        );
      })}
    </div>
  );
}

export function TabPanel({
  idBase,
  value,
  children,
}: {
  readonly idBase: string;
  readonly value: string;
  readonly children: ReactNode;
}) {
  return (
    <div
      className="ui-tab-panel"
      role="tabpanel"
      id={tabPanelId(idBase, value)}
      aria-labelledby={tabId(idBase, value)}
    >
      {children}
    </div>
  );
}
