import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ShopLink } from './shop-link.tsx';

/** zh-TW text per HTTP status for every route's ErrorBoundary. */
export function errorMessage(status: number): { title: string; detail: string } {
  switch (status) {
    case 400:
      return { title: '請求有誤', detail: '網址或資料格式不正確，請回首頁重新操作。' };
    case 401:
      return { title: '請先登入會員', detail: '此頁面需要登入會員後才能瀏覽。' };
    case 403:
      return { title: '無法瀏覽此頁面', detail: '您沒有瀏覽此頁面的權限。' };
    case 404:
      return { title: '找不到頁面', detail: '您要找的頁面不存在或已下架，可能是網址有誤或連結已過期。' };
    case 405:
      return { title: '無法處理此操作', detail: '這個頁面沒有可以送出的資料，請回首頁重新操作。' };
    case 429:
      return { title: '操作太頻繁', detail: '請稍候片刻再試。' };
    case 503:
      return { title: '系統維護中', detail: '網站暫時無法服務，請稍後再試。' };
    default:
      return { title: '系統忙碌中', detail: '頁面暫時無法顯示，請稍後再試。' };
  }
}

export function errorStatus(error: unknown): number {
  if (isRouteErrorResponse(error)) return error.status;
  return 500;
}

/** The shared error block: per-status message, a way home, details only in development. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const status = errorStatus(error);
  const { title, detail } = errorMessage(status);
  const devDetail = import.meta.env.DEV && error instanceof Error ? error.stack : null;
  return (
    <section className="route-error container" aria-labelledby="route-error-title">
      <p className="route-error__status">{status}</p>
      <h1 id="route-error-title">{title}</h1>
      <p>{detail}</p>
      <div className="route-error__actions">
        <ShopLink className="button button--primary" to="/">
          回首頁
        </ShopLink>
        {/* A missing page is most often a product link gone stale: the catalogue is the next place to look. */}
        {status === 404 ? (
          <ShopLink className="button button--ghost" to="/products?all=1">
            逛逛全部商品
          </ShopLink>
        ) : null}
      </div>
      {devDetail ? <pre className="route-error__stack">{devDetail}</pre> : null}
    </section>
  );
}
