// The scripted abuse run of issue 59 ("Measured"): one Google identity deleting its account and
// joining again 100 times, asking for codes each time, and a loop of 1,000 code requests over a
// list of addresses, some of them taken. Prints the code e-mails queued (target: within the
// caps of src/domain/code-sends.ts) and how many answers differ between a taken and a free
// address asked at the same point (target: 0). Figures are printed, never asserted.
//
//   node scripts/bench/code-abuse.mjs --backend firebase [--rounds 100] [--requests 1000]
//
// Each backend's half is scripts/bench/code-abuse/<backend>.mjs; it runs against that backend's
// local servers: on Firebase, `bash scripts/bench/code-abuse-firebase.sh` starts the emulators
// and runs this inside them.
const arg = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? process.argv[at + 1] : fallback;
};
const backend = arg('backend', 'firebase');
const rounds = Number(arg('rounds', 100));
const requests = Number(arg('requests', 1000));
if (!/^[a-z]+$/.test(backend) || !(rounds > 0) || !(requests > 0)) {
  console.error(
    'Usage: node scripts/bench/code-abuse.mjs --backend firebase [--rounds N] [--requests N]',
  );
  process.exit(2);
}
const { codeAbuse } = await import(`./code-abuse/${backend}.mjs`);
const started = Date.now();
const figures = await codeAbuse({ rounds, requests });
console.log(`Code abuse run on ${backend} (${((Date.now() - started) / 1000).toFixed(0)} s):`);
for (const [label, value] of figures)
  console.log(value === '' ? `  ${label}` : `  ${label}: ${value}`);
