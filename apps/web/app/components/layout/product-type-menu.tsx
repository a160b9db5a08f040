import { useEffect, useId, useRef, useState } from 'react';
import type { MenuEntry } from '../../lib/menu-model.ts';
import { ChevronIcon } from '../icons.tsx';
import { ShopLink } from '../shop-link.tsx';

interface ProductTypeMenuProps {
  entries: MenuEntry[];
  /** 分享專區 link, only when categories exist. */
  sharingZone: string | null;
  /** 課程 link (/courses), only while a course is shown. */
  courses: string | null;
  /** `bar`: the desktop navigation row; `drawer`: the stacked list inside the mobile menu. */
  variant: 'bar' | 'drawer';
  /** Called after the shopper chooses an item (closes the mobile menu, spec §2). */
  onNavigate?: () => void;
}

/**
 * spec §2: two-level product menu. A group's button toggles its selected state. On wide screens a
 * group also opens on hover/focus; below 640 px only the selected group is open (CSS does that).
 */
export function ProductTypeMenu({ entries, sharingZone, courses, variant, onNavigate }: ProductTypeMenuProps) {
  const [selected, setSelected] = useState<string | null>(null);
  const rootRef = useRef<HTMLUListElement>(null);
  const baseId = useId();

  // Close the selected submenu on a click elsewhere or on Esc (focus back on its button).
  useEffect(() => {
    if (selected === null) return;
    const onPointer = (event: PointerEvent) => {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) setSelected(null);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      const button = rootRef.current?.querySelector<HTMLButtonElement>(`[data-group="${selected}"]`);
      setSelected(null);
      button?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [selected]);

  const chosen = () => {
    setSelected(null);
    onNavigate?.();
  };

  return (
    <ul ref={rootRef} className={`type-menu type-menu--${variant}`}>
      {entries.map((entry) => {
        if (entry.kind === 'link') {
          return (
            <li key={entry.key} className="type-menu__item">
              <ShopLink className="type-menu__link" to={entry.to} markCurrent onClick={chosen}>
                {entry.label}
              </ShopLink>
            </li>
          );
        }
        const isSelected = selected === entry.key;
        const submenuId = `${baseId}-${entry.key}`;
        return (
          <li key={entry.key} className={`type-menu__item type-menu__item--group${isSelected ? ' is-selected' : ''}`}>
            <button
              type="button"
              className="type-menu__link type-menu__toggle"
              aria-expanded={isSelected}
              aria-controls={submenuId}
              data-group={entry.key}
              onClick={() => setSelected(isSelected ? null : entry.key)}
            >
              {entry.label}
              <ChevronIcon size={16} className="type-menu__chevron" />
            </button>
            <ul id={submenuId} className="type-menu__submenu">
              {entry.children.map((child) => (
                <li key={child.key}>
                  <ShopLink className="type-menu__sublink" to={child.to} markCurrent onClick={chosen}>
                    {child.label}
                  </ShopLink>
                </li>
              ))}
            </ul>
          </li>
        );
      })}
      {courses ? (
        <li className="type-menu__item">
          <ShopLink className="type-menu__link" to={courses} markCurrent onClick={chosen}>
            課程
          </ShopLink>
        </li>
      ) : null}
      {sharingZone ? (
        <li className="type-menu__item">
          <ShopLink className="type-menu__link" to={sharingZone} markCurrent onClick={chosen}>
            分享專區
          </ShopLink>
        </li>
      ) : null}
    </ul>
  );
}
