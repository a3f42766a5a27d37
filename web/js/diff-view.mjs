// Shared by the playground's Editor and the leaderboard site (leaderboard/site/
// links to this file; `fruitbench leaderboard build` copies it): what to do with
// the core's highlighted-edits HTML once it is in the page.

/** The summary line of a run of copied sentences, from their source indices. */
export function copiedRunLabel(indices) {
  if (indices.length === 1) return `[${indices[0]}] copied unchanged`;
  const contiguous = indices.every((n, i) => i === 0 || n === indices[i - 1] + 1);
  if (contiguous) return `[${indices[0]}]–[${indices.at(-1)}] copied unchanged (${indices.length} sentences)`;
  return `${indices.length} sentences copied unchanged (${indices.map((n) => `[${n}]`).join(' ')})`;
}

/**
 * Folds each run of copied sentences (p.fb-copied) of the .fb-diff inside `container`
 * into a <details class="copied-run">, so that the edits stand out; `open` unfolds them.
 */
export function collapseCopiedRuns(container, { open = false } = {}) {
  const diff = container.querySelector('.fb-diff');
  if (!diff) return;
  const runs = [];
  let run = [];
  for (const child of [...diff.children]) {
    if (child.classList.contains('fb-copied')) {
      run.push(child);
    } else if (run.length) {
      runs.push(run);
      run = [];
    }
  }
  if (run.length) runs.push(run);
  for (const sentences of runs) {
    const details = document.createElement('details');
    details.className = 'copied-run';
    const summary = document.createElement('summary');
    summary.textContent = copiedRunLabel(sentences.map((s) => Number(s.dataset.source)));
    details.append(summary);
    details.open = open;
    sentences[0].before(details);
    details.append(...sentences);
  }
}

/** Scrolls to an evidence item and flashes it (the .flash animation in the stylesheet). */
export function flashEvidence(item) {
  item.scrollIntoView({ behavior: 'smooth', block: 'center' });
  item.focus({ preventScroll: true });
  item.classList.remove('flash');
  void item.offsetWidth; // restart the highlight
  item.classList.add('flash');
  setTimeout(() => item.classList.remove('flash'), 2000);
}
