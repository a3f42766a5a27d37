// The Score page hands one example to the Editor (index.html?from=score)
// through localStorage: it stays on this machine, and a new tab sees it.
export const scoreHandoffKey = 'fruitbench:score-example';
