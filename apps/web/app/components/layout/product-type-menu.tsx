import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import type { MenuEntry, MenuGroup } from '../../lib/menu-model.ts';
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

/** Closes the selected submenu on a click elsewhere or on Esc (focus back on its button). */
function useCloseOutside(
  rootRef: RefObject<HTMLUListElement | null>,
  selected: string | null,
  setSelected: (key: string | null) => void,
) {
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
  }, [rootRef, selected, setSelected]);
}

/** A top-level item that is a plain link (課程, 分享專區, a category without children). */
function TypeMenuLink({ to, label, onChosen }: { to: string; label: string; onChosen: () => void }) {
  return (
    <li className="type-menu__item">
      <ShopLink className="type-menu__link" to={to} markCurrent onClick={onChosen}>
        {label}
      </ShopLink>
    </li>
  );
}

interface TypeMenuGroupProps {
  entry: MenuGroup;
  submenuId: string;
  isSelected: boolean;
  onToggle: () => void;
  onChosen: () => void;
}

/** A category with its submenu, opened by its button. */
function TypeMenuGroup({ entry, submenuId, isSelected, onToggle, onChosen }: TypeMenuGroupProps) {
  return (
    <li className={`type-menu__item type-menu__item--group${isSelected ? ' is-selected' : ''}`}>
      <button
        type="button"
        className="type-menu__link type-menu__toggle"
        aria-expanded={isSelected}
        aria-controls={submenuId}
        data-group={entry.key}
        onClick={onToggle}
      >
        {entry.label}
        <ChevronIcon size={16} className="type-menu__chevron" />
      </button>
      <ul id={submenuId} className="type-menu__submenu">
        {entry.children.map((child) => (
          <li key={child.key}>
            <ShopLink className="type-menu__sublink" to={child.to} markCurrent onClick={onChosen}>
              {child.label}
            </ShopLink>
          </li>
        ))}
      </ul>
    </li>
  );
}

/**
 * spec §2: two-level product menu. A group's button toggles its selected state. On wide screens a
 * group also opens on hover/focus; below 640 px only the selected group is open (CSS does that).
 */
export function ProductTypeMenu({ entries, sharingZone, courses, variant, onNavigate }: ProductTypeMenuProps) {
  const [selected, setSelected] = useState<string | null>(null);
  const rootRef = useRef<HTMLUListElement>(null);
  const baseId = useId();
  useCloseOutside(rootRef, selected, setSelected);

  const chosen = () => {
    setSelected(null);
    onNavigate?.();
  };

  return (
    <ul ref={rootRef} className={`type-menu type-menu--${variant}`}>
      {entries.map((entry) =>
        entry.kind === 'link' ? (
          <TypeMenuLink key={entry.key} to={entry.to} label={entry.label} onChosen={chosen} />
        ) : (
          <TypeMenuGroup
            key={entry.key}
            entry={entry}
            submenuId={`${baseId}-${entry.key}`}
            isSelected={selected === entry.key}
            onToggle={() => setSelected(selected === entry.key ? null : entry.key)}
            onChosen={chosen}
          />
        ),
      )}
      {courses ? <TypeMenuLink to={courses} label="課程" onChosen={chosen} /> : null}
      {sharingZone ? <TypeMenuLink to={sharingZone} label="分享專區" onChosen={chosen} /> : null}
    </ul>
  );
}
