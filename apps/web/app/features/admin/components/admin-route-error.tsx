import { Link, isRouteErrorResponse, useRouteError } from 'react-router';

const ERRORS: Record<number, { title: string; detail: string }> = {
  400: { title: '網址有誤', detail: '篩選條件或編號格式不正確。' },
  403: { title: '此功能僅限店長使用', detail: '請以店長帳號登入，或請店長協助操作。' },
  404: { title: '找不到資料', detail: '這筆資料不存在或已被刪除。' },
};

/** Every back-office page's ErrorBoundary: shown inside the back office's layout. */
export function AdminRouteError() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const { title, detail } = ERRORS[status] ?? { title: '系統忙碌中', detail: '頁面暫時無法顯示，請稍後再試。' };
  return (
    <section className="bo-card" role="alert" aria-labelledby="bo-error-title">
      <p className="bo-field__help">錯誤 {status}</p>
      <h1 id="bo-error-title">{title}</h1>
      <p>{detail}</p>
      <Link className="bo-button bo-button--primary" to="/admin">
        回後台首頁
      </Link>
    </section>
  );
}
