// Accepting a (partial) return: how many units of each line come back, and the refund. The
// suggested refund follows the shared rule (packages/domain planReturn), so staff see what the
// server would compute; they may still change it (e.g. a deduction for a damaged item).
import { formatNtd, planReturn, type HandledLine } from '@shop/domain';
import { type Dispatch, type SetStateAction, useState } from 'react';
import { Form } from 'react-router';

interface ReturnApproveFormProps {
  version: number;
  lines: HandledLine[];
  amounts: { shipping: number; use_bonus: number; pay_amount: number };
  errors?: Record<string, string>;
}

export function ReturnApproveForm({ version, lines, amounts, errors = {} }: ReturnApproveFormProps) {
  const [qty, setQty] = useState<number[]>(() => lines.map((l) => l.qty));
  const items = qty.map((q, line) => ({ line, qty: q }));
  const result = planReturn(amounts, lines, items);
  const suggested = result.ok ? result.plan.suggested_refund : 0;
  const [refund, setRefund] = useState<string | null>(null);

  return (
    <Form method="post" className="bo-form">
      <input type="hidden" name="version" value={version} />
      <ReturnLinesTable lines={lines} qty={qty} setQty={setQty} errors={errors} />
      {errors.items ? <p className="bo-field__error">{errors.items}</p> : null}
      <div className="bo-field">
        <label htmlFor="refund-amount">退款金額（元）</label>
        <input
          id="refund-amount"
          name="refund_amount"
          type="number"
          min={0}
          max={amounts.pay_amount}
          className="bo-input bo-input--narrow"
          value={refund ?? String(suggested)}
          onChange={(e) => setRefund(e.target.value)}
          aria-describedby="refund-help"
          aria-invalid={errors.refund_amount ? true : undefined}
        />
        <p id="refund-help" className="bo-field__help">
          建議退款 {formatNtd(suggested)}
          {result.ok && !result.plan.full ? '（部分退貨：依退回商品比例，不含運費）' : '（全部退回：含運費）'}
          {result.ok && result.plan.bonus_restore > 0 ? `，退還紅利 ${result.plan.bonus_restore} 點` : ''}
        </p>
        {errors.refund_amount ? <p className="bo-field__error">{errors.refund_amount}</p> : null}
      </div>
      <div className="bo-field">
        <label htmlFor="return-note">備註（內部紀錄）</label>
        <input id="return-note" name="note" className="bo-input" maxLength={200} />
      </div>
      <div className="bo-actions">
        <button type="submit" name="intent" value="approve-return" className="bo-button bo-button--primary">
          核准退貨（商品退回庫存）
        </button>
      </div>
    </Form>
  );
}

/** Each bought line with how many come back (0 to the bought quantity). */
function ReturnLinesTable({
  lines,
  qty,
  setQty,
  errors,
}: {
  lines: HandledLine[];
  qty: number[];
  setQty: Dispatch<SetStateAction<number[]>>;
  errors: Record<string, string>;
}) {
  return (
    <table className="bo-table">
      <thead>
        <tr>
          <th scope="col">品項</th>
          <th scope="col" className="bo-num">
            購買數量
          </th>
          <th scope="col">退回數量</th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line, i) => (
          <tr key={`${line.kind}-${line.id}-${line.spec_id ?? 0}-${i}`}>
            <td>
              {line.name}
              {line.spec_name ? `（${line.spec_name}）` : ''}
            </td>
            <td className="bo-num">{line.qty}</td>
            <td>
              <input type="hidden" name={`items.${i}.line`} value={i} />
              <input
                type="number"
                className="bo-input bo-input--narrow"
                name={`items.${i}.qty`}
                min={0}
                max={line.qty}
                value={qty[i]}
                aria-label={`${line.name} 退回數量`}
                aria-invalid={errors[`items.${i}.qty`] ? true : undefined}
                onChange={(e) => {
                  const value = Math.max(0, Math.min(line.qty, Math.floor(Number(e.target.value) || 0)));
                  setQty((current) => current.map((q, j) => (j === i ? value : q)));
                }}
              />
              {errors[`items.${i}.qty`] ? <p className="bo-field__error">{errors[`items.${i}.qty`]}</p> : null}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
