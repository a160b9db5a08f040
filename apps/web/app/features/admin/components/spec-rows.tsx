// A product's specs: name, list price, sale price, stock and its low-stock level. Rows are added and removed in the page;
// an existing spec keeps its id (carts and past orders refer to it).
import { type ReactNode, useState } from 'react';

export interface SpecRow {
  id: number | null;
  name: string;
  price: number | string;
  on_sale_price: number | string;
  stock: number | string | null;
  /** Members waiting for its 貨到通知 (issue 43 item 2); absent for a new row. */
  restock_waiting?: number;
  low_stock_level?: number | string | null;
}

export function SpecRows({ specs, errors }: { specs: readonly SpecRow[]; errors: Record<string, string> }) {
  const [rows, setRows] = useState(() => specs.map((spec, key) => ({ key, spec })));
  const add = () =>
    setRows((list) => [
      ...list,
      {
        key: Math.max(-1, ...list.map((r) => r.key)) + 1,
        spec: { id: null, name: '', price: '', on_sale_price: '', stock: '' },
      },
    ]);
  const cell = (i: number, field: string) => errors[`specs.${i}.${field}`];
  return (
    <fieldset className="bo-fieldset">
      <legend>規格與價格</legend>
      {errors.specs ? <p className="bo-field__error">{errors.specs}</p> : null}
      <table className="bo-table bo-specs">
        <SpecHeadings />
        <tbody>
          {rows.map(({ key, spec }, i) => (
            <tr key={key}>
              <SpecNameCell index={i} spec={spec} nameError={cell(i, 'name')} idError={cell(i, 'id')} />
              {(['price', 'on_sale_price'] as const).map((field) => (
                <SpecNumberCell
                  key={field}
                  index={i}
                  field={field}
                  label={field === 'price' ? '原價' : '售價'}
                  value={spec[field]}
                  required
                  error={cell(i, field)}
                />
              ))}
              <SpecNumberCell
                index={i}
                field="stock"
                label="庫存"
                value={spec.stock ?? ''}
                placeholder="不限"
                error={cell(i, 'stock')}
              >
                {spec.restock_waiting ? (
                  <p className="bo-field__help">{spec.restock_waiting} 人等待貨到通知，補貨儲存後即通知</p>
                ) : null}
              </SpecNumberCell>
              <SpecNumberCell
                index={i}
                field="low_stock_level"
                label="安全庫存"
                value={spec.low_stock_level ?? ''}
                placeholder="預設"
                error={cell(i, 'low_stock_level')}
              />
              <td>
                <button
                  type="button"
                  className="bo-button bo-button--small bo-button--danger"
                  onClick={() => setRows((list) => list.filter((r) => r.key !== key))}
                  disabled={rows.length === 1}
                  aria-label={`移除規格 ${i + 1}`}
                >
                  移除
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="bo-field__help">
        庫存留空表示不限量。安全庫存留空時使用商店設定的數量，庫存等於或少於它即為「庫存不足」。售價低於原價時，前台會顯示特價。
      </p>
      <button type="button" className="bo-button bo-button--small" onClick={add}>
        ＋ 新增規格
      </button>
    </fieldset>
  );
}

/** A spec's number (price, stock, low-stock level) with its error under it. */
function SpecNumberCell({
  index: i,
  field,
  label,
  value,
  required,
  placeholder,
  error,
  children,
}: {
  index: number;
  field: 'price' | 'on_sale_price' | 'stock' | 'low_stock_level';
  label: string;
  value: number | string;
  required?: boolean;
  placeholder?: string;
  error?: string;
  children?: ReactNode;
}) {
  return (
    <td>
      <input
        className="bo-input"
        name={`specs.${i}.${field}`}
        type="number"
        min={0}
        inputMode="numeric"
        defaultValue={value}
        placeholder={placeholder}
        aria-label={`規格 ${i + 1} ${label}`}
        aria-invalid={error ? true : undefined}
        required={required}
      />
      {error ? <p className="bo-field__error">{error}</p> : null}
      {children}
    </td>
  );
}

function SpecHeadings() {
  return (
    <thead>
      <tr>
        <th scope="col">規格名稱</th>
        <th scope="col">原價（元）</th>
        <th scope="col">售價（元）</th>
        <th scope="col">庫存</th>
        <th scope="col">安全庫存</th>
        <th scope="col">
          <span className="bo-visually-hidden">操作</span>
        </th>
      </tr>
    </thead>
  );
}

function SpecNameCell({
  index: i,
  spec,
  nameError,
  idError,
}: {
  index: number;
  spec: SpecRow;
  nameError?: string;
  idError?: string;
}) {
  return (
    <td>
      <input type="hidden" name={`specs.${i}.id`} value={spec.id ?? ''} />
      <input
        className="bo-input"
        name={`specs.${i}.name`}
        defaultValue={spec.name}
        aria-label={`規格 ${i + 1} 名稱`}
        aria-invalid={nameError ? true : undefined}
        required
      />
      {nameError ? <p className="bo-field__error">{nameError}</p> : null}
      {idError ? <p className="bo-field__error">{idError}</p> : null}
    </td>
  );
}
