// The dashboard's bit of JavaScript: copy buttons, the redirect URI check as you type, and the conversations chart.
// Every page works without it: forms post, the server checks again, and the chart's numbers are in the table below it.
const announcer = document.getElementById('announcer');
const announce = (text) => {
  if (announcer) announcer.textContent = text;
};

for (const button of document.querySelectorAll('button[data-copy]')) {
  button.addEventListener('click', async () => {
    const field = document.getElementById(button.dataset.copy);
    if (!field) return;
    try {
      await navigator.clipboard.writeText(field.value);
      button.textContent = 'Copied';
      announce('Copied to the clipboard.');
    } catch {
      field.select();
      announce('Select the text and copy it with your keyboard.');
    }
  });
}

const redirectInput = document.getElementById('redirect-uri');
if (redirectInput) {
  const { redirectUriProblem } = await import('./redirect-check.js');
  const hint = document.getElementById('redirect-uri-hint');
  const check = () => {
    const problem = redirectInput.value === '' ? undefined : redirectUriProblem(redirectInput.value);
    redirectInput.setCustomValidity(problem ?? '');
    redirectInput.setAttribute('aria-invalid', problem ? 'true' : 'false');
    hint.className = problem ? 'hint error' : 'hint';
    hint.textContent = problem ?? (redirectInput.value === '' ? '' : 'Allowed.');
  };
  redirectInput.addEventListener('input', check);
  check();
}

const chart = document.getElementById('per-day-chart');
const perDay = document.getElementById('per-day');
if (chart && perDay) {
  const rows = [...perDay.querySelectorAll('tbody tr')];
  const days = rows.map((row) => Date.parse(`${row.cells[0].textContent}T00:00:00Z`) / 1000);
  const all = rows.map((row) => Number(row.cells[1].textContent));
  const unanswered = rows.map((row) => Number(row.cells[2].textContent));
  const style = document.createElement('link');
  style.rel = 'stylesheet';
  style.href = new URL('./uplot.css', import.meta.url).href;
  document.head.append(style);
  const { default: uPlot } = await import('./uplot.js');
  const colour = getComputedStyle(document.documentElement);
  const text = colour.getPropertyValue('--text').trim();
  const axis = { stroke: text, grid: { stroke: colour.getPropertyValue('--line').trim() } };
  const plot = new uPlot(
    {
      width: chart.clientWidth,
      height: 260,
      tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
      series: [
        {},
        { label: 'Conversations', stroke: colour.getPropertyValue('--accent').trim(), width: 2 },
        { label: 'Unanswered', stroke: colour.getPropertyValue('--danger').trim(), width: 2 },
      ],
      axes: [axis, axis],
    },
    [days, all, unanswered],
    chart,
  );
  chart.setAttribute('data-ready', 'true');
  new ResizeObserver(() => plot.setSize({ width: chart.clientWidth, height: 260 })).observe(chart);
}
