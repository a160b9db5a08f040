import { useId, useState, type FormEvent } from 'react';
import { hrefWithQuery } from '../lib/referral-code.ts';
import { SearchIcon } from './icons.tsx';
import { useShopNavigate } from './shop-link.tsx';

/** spec §2: Enter or the icon goes to /searching?keyword=… (referral code kept). */
export function KeywordSearch({
  className = '',
  placeholder = '搜尋商品、品牌',
  onSearch,
  initialKeyword = '',
}: {
  className?: string;
  placeholder?: string;
  onSearch?: () => void;
  /** What the box shows first (the search page repeats the shopper's keyword). */
  initialKeyword?: string;
}) {
  const navigate = useShopNavigate();
  const [keyword, setKeyword] = useState(initialKeyword);
  const inputId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = keyword.trim();
    if (!value) return;
    navigate(hrefWithQuery('/searching', { keyword: value }));
    onSearch?.();
  };
  return (
    <form role="search" className={`keyword-search ${className}`} onSubmit={submit}>
      <label htmlFor={inputId} className="visually-hidden">
        搜尋商品
      </label>
      <input
        id={inputId}
        type="search"
        name="keyword"
        enterKeyHint="search"
        autoComplete="off"
        placeholder={placeholder}
        value={keyword}
        onChange={(event) => setKeyword(event.target.value)}
      />
      <button type="submit" className="keyword-search__button" aria-label="搜尋">
        <SearchIcon size={20} />
      </button>
    </form>
  );
}
