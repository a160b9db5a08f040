import { PassThrough, Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { isbot } from 'isbot';
// React's build for runtimes whose streams take strings: it writes the page as strings, which the
// sink below joins, instead of copying each piece into bytes as its Node build does (decision 072).
import type { RenderToPipeableStreamOptions } from 'react-dom/server';
import { renderToPipeableStream } from 'react-dom/server.bun';
import { ServerRouter, type AppLoadContext, type EntryContext } from 'react-router';
import { scriptsAfterPaint } from './lib/app-scripts-after-paint.server.ts';
import { collectHtml, htmlSink, type HtmlDestination } from './lib/html-sink.server.ts';
import { setUploadsBase, uploadsBaseFor } from './lib/image-url.ts';
import { NonceProvider } from './lib/nonce.tsx';
import { utf8Bytes } from './lib/utf8-bytes.server.ts';

// The server's loaders build image URLs too: on the file server when FILE_SERVER_URL names one
// (the same setting the server validated; the root loader passes the base to the browser).
setUploadsBase(uploadsBaseFor(process.env.FILE_SERVER_URL));

// Our own entry (instead of the default one) so the web app does not need @react-router/node:
// Node's Readable.toWeb does the same stream conversion.
export const streamTimeout = 5_000;

/** Whether a loader answered with data still on its way (`<Await>`), which only a stream can show early. */
function hasDeferredData(context: EntryContext): boolean {
  return Object.values(context.staticHandlerContext.loaderData ?? {}).some(
    (data) =>
      data !== null && typeof data === 'object' && Object.values(data).some((value) => value instanceof Promise),
  );
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce;
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get('user-agent');
    // A page whose data is all there is sent in one piece, with its length: streaming it would only
    // cost a stream, a transform and two conversions per request. A page with deferred data streams,
    // so the shopper sees its first screen before the rest. Crawlers (and LINE / Facebook link
    // previews) always get the whole page at once.
    const whole =
      (userAgent !== null && isbot(userAgent)) || routerContext.isSpaMode || !hasDeferredData(routerContext);
    const readyOption: keyof RenderToPipeableStreamOptions = whole ? 'onAllReady' : 'onShellReady';

    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);
    const done = () => {
      clearTimeout(timeoutId);
      timeoutId = undefined;
    };

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce: { script: nonce, style: nonce },
        [readyOption]() {
          shellRendered = true;
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          // The types promise a Node stream; the string build needs only what HtmlDestination has.
          const writeTo = pipe as unknown as (destination: HtmlDestination) => unknown;
          if (whole) {
            collectHtml(writeTo, scriptsAfterPaint).then((html) => {
              done();
              const body = utf8Bytes(html);
              responseHeaders.set('Content-Length', String(body.length));
              // The server's own handler takes the bytes as they are (decision 090): a Response
              // body would be a stream made around them only to be read back into bytes.
              const { wholePage } = loadContext;
              if (wholePage) wholePage(body);
              const init = { headers: responseHeaders, status: responseStatusCode };
              resolve(new Response(wholePage ? null : (body as Uint8Array<ArrayBuffer>), init));
            }, reject);
            return;
          }
          const body = new PassThrough({
            final(callback) {
              done();
              callback();
            },
          });
          writeTo(
            htmlSink({
              text: (html) => body.write(html),
              end: () => body.end(),
              error: (error) => body.destroy(error instanceof Error ? error : new Error(String(error))),
              listeners: body,
              pieces: scriptsAfterPaint,
            }),
          );
          const stream = Readable.toWeb(body) as WebReadableStream<Uint8Array>;
          resolve(
            new Response(stream as unknown as ReadableStream<Uint8Array>, {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors before the shell is ready are logged by the request handler; log only the later ones.
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
