import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { RichText } from '../ui/rich-text.tsx';

export interface DescriptionTab {
  title: string;
  /** Sanitised html from the server. */
  html: string;
}

/**
 * spec §3: description tabs titled by description_titles. Every panel is in the server HTML (search
 * engines read all of them); the tab pattern of WAI-ARIA with arrow keys, Home and End.
 */
export function DescriptionTabs({ tabs }: { tabs: readonly DescriptionTab[] }) {
  const baseId = useId();
  const [selected, setSelected] = useState(0);
  const listRef = useRef<HTMLDivElement>(null);
  if (tabs.length === 0) return null;

  const focusTab = (index: number) => {
    const next = (index + tabs.length) % tabs.length;
    setSelected(next);
    listRef.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]')[next]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, number> = {
      ArrowRight: selected + 1,
      ArrowLeft: selected - 1,
      Home: 0,
      End: tabs.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    focusTab(target);
  };

  return (
    <section className="description-tabs" aria-label="商品說明">
      <div ref={listRef} className="description-tabs__list" role="tablist" onKeyDown={onKeyDown}>
        {tabs.map((tab, index) => (
          <button
            key={`${tab.title}-${index}`}
            type="button"
            role="tab"
            id={`${baseId}-tab-${index}`}
            aria-selected={index === selected}
            aria-controls={`${baseId}-panel-${index}`}
            tabIndex={index === selected ? 0 : -1}
            className="description-tabs__tab"
            onClick={() => setSelected(index)}
          >
            {tab.title}
          </button>
        ))}
      </div>
      {tabs.map((tab, index) => (
        <div
          key={`${tab.title}-${index}`}
          role="tabpanel"
          id={`${baseId}-panel-${index}`}
          aria-labelledby={`${baseId}-tab-${index}`}
          hidden={index !== selected}
          tabIndex={0}
          className="description-tabs__panel"
        >
          <RichText html={tab.html} />
        </div>
      ))}
    </section>
  );
}
