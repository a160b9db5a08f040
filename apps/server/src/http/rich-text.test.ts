import { describe, expect, it } from 'vitest';
import { isGoogleMapsEmbedUrl, sanitizeMapEmbed, sanitizeRichText } from './rich-text.ts';

const MAP_SRC = 'https://www.google.com/maps/embed?pb=!1m18!1m12!1m3!1d3614.7!2d121.55!3d25.04';

describe('sanitizeRichText keeps article html', () => {
  it.each([
    ['<p>週年慶<strong>全館八折</strong></p>', '<p>週年慶<strong>全館八折</strong></p>'],
    ['<h2 class="lead">標題</h2>', '<h2 class="lead">標題</h2>'],
    ['<img src="/uploads/news/a.webp" alt="圖">', '<img src="/uploads/news/a.webp" alt="圖" />'],
    [
      '<a href="https://shop.tw/news">看消息</a>',
      '<a href="https://shop.tw/news" rel="noopener noreferrer">看消息</a>',
    ],
    ['<a href="tel:0212345678">電話</a>', '<a href="tel:0212345678" rel="noopener noreferrer">電話</a>'],
    ['', ''],
    [null, ''],
  ])('%s', (input, expected) => {
    expect(sanitizeRichText(input)).toBe(expected);
  });
});

describe('sanitizeRichText removes what could run script', () => {
  it.each([
    ['script element', '<p>a</p><script>alert(1)</script>'],
    ['script with src', '<script src="https://evil.example/x.js"></script>'],
    ['onerror handler', '<img src="x" onerror="alert(1)">'],
    ['onload on svg', '<svg onload="alert(1)"><circle r="1"/></svg>'],
    ['onclick on a', '<a href="/ok" onclick="alert(1)">x</a>'],
    ['javascript: link', '<a href="javascript:alert(1)">x</a>'],
    ['mixed-case javascript: link', '<a href="JaVaScRiPt:alert(1)">x</a>'],
    ['entity-encoded javascript: link', '<a href="javascript&colon;alert(1)">x</a>'],
    ['whitespace in the scheme', '<a href="java\tscript:alert(1)">x</a>'],
    ['data: image', '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">'],
    ['data: link', '<a href="data:text/html,<script>alert(1)</script>">x</a>'],
    ['vbscript: link', '<a href="vbscript:msgbox(1)">x</a>'],
    ['iframe', `<iframe src="${MAP_SRC}"></iframe>`],
    ['iframe srcdoc', '<iframe srcdoc="<script>alert(1)</script>"></iframe>'],
    ['object', '<object data="x.swf"></object>'],
    ['embed', '<embed src="x.swf">'],
    ['form', '<form action="https://evil.example"><input name="p"></form>'],
    ['style element', '<style>body{background:url(javascript:alert(1))}</style>'],
    ['style attribute', '<p style="background:url(javascript:alert(1))">x</p>'],
    ['meta refresh', '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">'],
    ['base href', '<base href="https://evil.example/">'],
    ['protocol-relative image', '<img src="//evil.example/x.png">'],
  ])('%s', (_name, input) => {
    const out = sanitizeRichText(input).toLowerCase();
    expect(out).not.toMatch(/<script|<iframe|<object|<embed|<form|<style|<meta|<base|<svg/);
    expect(out).not.toMatch(/\son[a-z]+=/);
    expect(out).not.toMatch(/javascript:|vbscript:|data:|srcdoc|style=|\/\/evil/);
  });
});

describe('isGoogleMapsEmbedUrl', () => {
  it.each([
    [MAP_SRC, true],
    ['https://maps.google.com/maps?q=台北101&output=embed', true],
    ['https://www.google.com/maps/embed/v1/place?key=K&q=Taipei', true],
    ['http://www.google.com/maps/embed?pb=1', false],
    ['//www.google.com/maps/embed?pb=1', false],
    ['https://www.google.com/search?q=maps', false],
    ['https://www.google.com/maps/place/Taipei', false],
    ['https://maps.google.com/maps?q=x', false],
    ['https://www.google.com.evil.example/maps/embed?pb=1', false],
    ['https://evil.example/maps/embed?u=https://www.google.com/maps/embed', false],
    ['https://www.google.com@evil.example/maps/embed', false],
    ['https://user@www.google.com/maps/embed', false],
    ['https://www.google.com:8443/maps/embed', false],
    ['https://www.youtube.com/embed/xyz', false],
    ['javascript:alert(1)', false],
    ['data:text/html,<script>alert(1)</script>', false],
    ['', false],
    [null, false],
  ])('%s → %s', (src, expected) => {
    expect(isGoogleMapsEmbedUrl(src)).toBe(expected);
  });
});

describe('sanitizeMapEmbed', () => {
  it('keeps a Google Maps iframe with its size, border and loading attributes', () => {
    const out = sanitizeMapEmbed(
      `<iframe src="${MAP_SRC}" width="600" height="450" style="border:0;" allowfullscreen="" loading="lazy" referrerpolicy="no-referrer-when-downgrade"></iframe>`,
    );
    expect(out).toContain(`src="${MAP_SRC}"`);
    expect(out).toContain('width="600"');
    expect(out).toContain('style="border:0"');
    expect(out).toContain('loading="lazy"');
  });

  it('names a map frame for screen readers, keeping a name the owner gave it', () => {
    expect(sanitizeMapEmbed(`<iframe src="${MAP_SRC}"></iframe>`)).toContain('title="商店位置地圖"');
    expect(sanitizeMapEmbed(`<iframe src="${MAP_SRC}" title="門市地圖"></iframe>`)).toContain('title="門市地圖"');
  });

  it.each([
    ['script', `<script>alert(1)</script><iframe src="${MAP_SRC}"></iframe>`],
    ['onload on the map iframe', `<iframe src="${MAP_SRC}" onload="alert(1)"></iframe>`],
    ['img onerror', `<img src=x onerror=alert(1)><iframe src="${MAP_SRC}"></iframe>`],
    ['a link and text', `<a href="javascript:alert(1)">地圖</a><iframe src="${MAP_SRC}"></iframe>`],
    ['srcdoc', `<iframe src="${MAP_SRC}" srcdoc="<script>alert(1)</script>"></iframe>`],
    ['hostile style', `<iframe src="${MAP_SRC}" style="background:url(javascript:alert(1))"></iframe>`],
    ['sandbox escape attributes', `<iframe src="${MAP_SRC}" allow="camera; microphone" name="x"></iframe>`],
  ])('strips %s but keeps the map', (_name, input) => {
    const out = sanitizeMapEmbed(input);
    expect(out).toMatch(/^<iframe src="https:\/\/www\.google\.com\/maps\/embed\?pb=[^"]+"[^>]*><\/iframe>$/);
    expect(out.toLowerCase()).not.toMatch(/script|onload|onerror|srcdoc|javascript|allow=|name=|<a|<img/);
  });

  it.each([
    ['another site', '<iframe src="https://evil.example/"></iframe>'],
    ['a video', '<iframe src="https://www.youtube.com/embed/abc"></iframe>'],
    ['another Google page', '<iframe src="https://www.google.com/search?q=x"></iframe>'],
    ['a look-alike host', '<iframe src="https://www.google.com.evil.example/maps/embed?pb=1"></iframe>'],
    ['plain http', '<iframe src="http://www.google.com/maps/embed?pb=1"></iframe>'],
    ['javascript: src', '<iframe src="javascript:alert(1)"></iframe>'],
    ['data: src', '<iframe src="data:text/html,<script>alert(1)</script>"></iframe>'],
    ['no src', '<iframe srcdoc="<script>alert(1)</script>"></iframe>'],
    ['only a script', '<script>alert(1)</script>'],
    ['only text', '台北市信義區'],
  ])('drops %s entirely', (_name, input) => {
    expect(sanitizeMapEmbed(input)).toBe('');
  });
});
