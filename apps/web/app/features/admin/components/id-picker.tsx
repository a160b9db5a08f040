// Choosing records by name (the products of a tag, a bundle or a home area; an area's articles): a
// search box, results to add, the chosen list to reorder or remove. The form posts the ids in order.
import { type Dispatch, type SetStateAction, useEffect, useId, useRef, useState } from 'react';
import type { PickerOption } from '@shop/domain';
import { imageUrl } from '../../../lib/image-url.ts';
import { money } from '../format.ts';
import { Field } from './fields.tsx';
import { moveItem } from './list-order.ts';

interface IdPickerProps {
  label: string;
  name: string;
  source: 'products' | 'articles';
  chosen: readonly PickerOption[];
  max: number;
  error?: string;
  help?: string;
}

/** Asks for the records matching the search words after a pause in typing; a late answer is dropped. */
function usePickerSearch(query: string, source: IdPickerProps['source']) {
  const [results, setResults] = useState<{ q: string; items: PickerOption[] }>({ q: '', items: [] });
  const [state, setState] = useState<'idle' | 'loading' | 'failed'>('idle');
  const latest = useRef(0);

  useEffect(() => {
    const q = query.trim();
    if (!q) return;
    const ticket = ++latest.current;
    // Wait for a pause in typing before asking.
    const timer = window.setTimeout(async () => {
      setState('loading');
      try {
        const res = await fetch(`/api/v1/admin/options/${source}?q=${encodeURIComponent(q)}`, {
          credentials: 'same-origin',
        });
        const body = (await res.json()) as { data?: PickerOption[] };
        if (ticket !== latest.current) return;
        setResults({ q, items: body.data ?? [] });
        setState(res.ok ? 'idle' : 'failed');
      } catch {
        if (ticket === latest.current) setState('failed');
      }
    }, 300);
    return () => window.clearTimeout(timer);
  }, [query, source]);

  const answered = query.trim() !== '' && results.q === query.trim();
  return { state, answered, items: answered ? results.items : [] };
}

export function IdPicker({ label, name, source, chosen: initial, max, error, help }: IdPickerProps) {
  const [chosen, setChosen] = useState<PickerOption[]>(() => [...initial]);
  const [query, setQuery] = useState('');
  const { state, answered, items: visibleResults } = usePickerSearch(query, source);
  const searchId = useId();
  const chosenIds = new Set(chosen.map((c) => c.id));
  const full = chosen.length >= max;

  return (
    <Field label={`${label}（${chosen.length}/${max}）`} error={error} help={help} wide>
      {({ describedBy }) => (
        <div>
          <ChosenList label={label} name={name} chosen={chosen} setChosen={setChosen} />
          <label htmlFor={searchId} className="bo-visually-hidden">
            搜尋{label}
          </label>
          <input
            id={searchId}
            name="_search"
            type="search"
            className="bo-input"
            placeholder={source === 'products' ? '輸入商品名稱或編號搜尋' : '輸入文章標題搜尋'}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            // Enter searches; it must not submit the whole form.
            onKeyDown={(e) => {
              if (e.key === 'Enter') e.preventDefault();
            }}
            aria-describedby={describedBy}
            disabled={full}
          />
          {state === 'loading' ? <p className="bo-field__help">搜尋中…</p> : null}
          {state === 'failed' ? <p className="bo-field__error">搜尋失敗，請稍後再試</p> : null}
          {visibleResults.length ? (
            <ul className="bo-picker__results" aria-label="搜尋結果">
              {visibleResults.map((item) => (
                <li key={item.id}>
                  {item.pic ? <img src={imageUrl(item.pic)} alt="" loading="lazy" /> : null}
                  <span className="bo-picker__name">
                    #{item.id} {item.name} {item.price !== null ? <small>{money(item.price)}</small> : null}
                  </span>
                  <button
                    type="button"
                    className="bo-button bo-button--small"
                    disabled={chosenIds.has(item.id) || full}
                    onClick={() => setChosen((list) => [...list, item])}
                    aria-label={`加入 ${item.name}`}
                  >
                    {chosenIds.has(item.id) ? '已加入' : '加入'}
                  </button>
                </li>
              ))}
            </ul>
          ) : answered && state === 'idle' ? (
            <p className="bo-field__help">查無符合的項目</p>
          ) : null}
        </div>
      )}
    </Field>
  );
}

/** The chosen records in the order the form posts them, each with ↑ ↓ and 移除. */
function ChosenList({
  label,
  name,
  chosen,
  setChosen,
}: {
  label: string;
  name: string;
  chosen: PickerOption[];
  setChosen: Dispatch<SetStateAction<PickerOption[]>>;
}) {
  if (!chosen.length) return <p className="bo-field__help">尚未選擇</p>;
  const move = (from: number, to: number) => setChosen((list) => moveItem(list, from, to));
  return (
    <ol className="bo-picker__chosen" aria-label={`已選的${label}`}>
      {chosen.map((item, i) => (
        <li key={item.id}>
          <input type="hidden" name={name} value={item.id} />
          {item.pic ? <img src={imageUrl(item.pic)} alt="" loading="lazy" /> : null}
          <span className="bo-picker__name">
            #{item.id} {item.name}
            {item.status !== 1 ? <span className="bo-badge bo-badge--warn"> 已下架</span> : null}
          </span>
          <button
            type="button"
            className="bo-button bo-button--small"
            onClick={() => move(i, i - 1)}
            disabled={i === 0}
            aria-label={`${item.name} 往上移`}
          >
            ↑
          </button>
          <button
            type="button"
            className="bo-button bo-button--small"
            onClick={() => move(i, i + 1)}
            disabled={i === chosen.length - 1}
            aria-label={`${item.name} 往下移`}
          >
            ↓
          </button>
          <button
            type="button"
            className="bo-button bo-button--small bo-button--danger"
            onClick={() => setChosen((list) => list.filter((c) => c.id !== item.id))}
            aria-label={`移除 ${item.name}`}
          >
            移除
          </button>
        </li>
      ))}
    </ol>
  );
}
