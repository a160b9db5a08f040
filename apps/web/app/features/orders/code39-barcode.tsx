import { code39Bars } from '@shop/domain';

/**
 * One Code 39 barcode of a 超商條碼 (decision 082), drawn as SVG by the shop: black on white, wide
 * enough for a counter's scanner to read from a phone screen, its text below for typing in by hand.
 */
export function Code39Barcode({ value, label }: { value: string; label: string }) {
  const { bars, width } = code39Bars(value);
  return (
    <figure className="code39">
      <svg
        viewBox={`0 0 ${width} 50`}
        role="img"
        aria-label={`${label}：${value}`}
        preserveAspectRatio="none"
        shapeRendering="crispEdges"
        className="code39__bars"
      >
        <rect width={width} height={50} fill="#fff" />
        <g fill="#000">
          {bars.map(([x, w]) => (
            <rect key={x} x={x} y={0} width={w} height={50} />
          ))}
        </g>
      </svg>
      <figcaption className="code39__text">{value}</figcaption>
    </figure>
  );
}
