// Command-line options of `npm run bench -- [options]`.

export interface BenchArgs {
  build: boolean;
  quick: boolean;
  /** Names from --only (targets, Lighthouse pages, `startup`, `lighthouse`), or undefined for all. */
  only?: string[];
  warmupSeconds: number;
  durationSeconds: number;
  lighthouseRuns: number;
  /** Where the Markdown report goes; undefined = the default for the kind of run. */
  out?: string;
  /** Exit with status 1 when a budget fails (default: only when a measurement fails). */
  strict: boolean;
  /** `flash`: the flash-sale scenario (bench/flash.ts) instead of the target-by-target run. */
  scenario?: 'flash';
}

const SCENARIOS = ['flash'] as const;

export const USAGE = `npm run bench -- [options]
  --no-build        use the existing apps/server/dist and apps/web/build
  --quick           2 s warm-up, 4 s measured, one Lighthouse run (to try it out)
  --only=a,b        only these: target names, Lighthouse page names, "lighthouse", "startup"
  --out=FILE        write the Markdown report here
  --strict          exit 1 when a budget fails (or, with --scenario flash, a check)
  --scenario flash  the flash sale (bench/flash.ts): PostgreSQL, Redis, several processes behind
                    nginx, 300 connections for 60 s, one process killed at 20 s; writes
                    docs/performance-flash.md (--quick: 20 s, killed at 7 s, bench/out/performance-flash.md)
A full run (no --quick, no --only) writes docs/performance.md, or docs/performance-postgresql.md with
BENCH_DATABASE_URL; other runs write bench/out/performance.md.`;

export function parseArgs(argv: string[]): BenchArgs {
  const args: BenchArgs = {
    build: true,
    quick: false,
    // Long enough for the JIT to finish: each render thread (decision 065) compiles its own copy of
    // React and the pages, and the product page took about 10 s of load to reach its steady rate.
    warmupSeconds: 10,
    durationSeconds: 10,
    lighthouseRuns: 3,
    strict: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const [key, given] = arg.split(/=(.*)/s, 2) as [string, string | undefined];
    let value = given;
    // `--scenario flash` as well as `--scenario=flash`.
    if (key === '--scenario' && value === undefined && argv[i + 1] && !argv[i + 1]!.startsWith('-')) value = argv[++i];
    switch (key) {
      case '--no-build':
        args.build = false;
        break;
      case '--quick':
        args.quick = true;
        args.warmupSeconds = 2;
        args.durationSeconds = 4;
        args.lighthouseRuns = 1;
        break;
      case '--only':
        args.only = (value ?? '')
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean);
        if (args.only.length === 0) throw new Error('--only needs names, e.g. --only=products,bare');
        break;
      case '--out':
        if (!value) throw new Error('--out needs a file name');
        args.out = value;
        break;
      case '--scenario':
        if (!SCENARIOS.includes(value as (typeof SCENARIOS)[number])) {
          throw new Error(`--scenario needs one of ${SCENARIOS.join(', ')}`);
        }
        args.scenario = value as (typeof SCENARIOS)[number];
        break;
      case '--strict':
        args.strict = true;
        break;
      case '--help':
      case '-h':
        console.log(USAGE);
        process.exit(0);
        break;
      default:
        throw new Error(`unknown option ${arg}\n${USAGE}`);
    }
  }
  return args;
}
