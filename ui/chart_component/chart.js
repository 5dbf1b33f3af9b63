// One Plotly chart that keeps its DOM node: Streamlit calls this function again with every new
// figure, and Plotly.react redraws only what changed (st.plotly_chart would mount a new chart).
// plotly.min.js is the one the plotly package ships, served by Streamlit as a component asset.
// While a figure is being drawn its node carries data-drawing (the browser tests wait for it).
// A rerun that sends the same figure again (another control of the view moved) draws nothing.
// Charts are drawn one at a time, in page order, each shown (a frame painted) before the next is
// drawn: the first chart of a view appears without waiting for the redraw of those below it.
// A clickable chart sends each click as the trigger "selection": {points: [...]}, the points
// named as st.plotly_chart names them (curve_number, point_index, x, y, customdata, ...).
// An animation's frames come when ▶ asks for them (ui.charts): a figure carries their digest, and ▶ on
// a chart without those frames sends the trigger "frames_wanted"; the rerun brings them and the chart
// plays. Plotly.react without frames keeps the ones the chart has; a new digest drops them.
// A title or label wider than its chart (a long title in a narrow column, Chinese at projector size)
// is set in a smaller font after every draw (down to 60 % of its size), so that none is cut off or
// runs into the next. A legend that needs more rows than its layout planned (ui.figures.title_and_legend)
// when the chart is first drawn makes the chart taller, not the plot smaller.
const PLOTLY_URL = new URL("../ml_explorer_plotly.js/plotly.min.js", import.meta.url).href;
const POINT_KEYS = { curveNumber: "curve_number", pointNumber: "point_number", pointIndex: "point_index",
                     x: "x", y: "y", z: "z", customdata: "customdata" };
let loading = null;
let queue = Promise.resolve(); // the draws waiting for their turn

// After the next frame has been painted (or 50 ms: a hidden tab paints no frames).
const painted = () => new Promise((resolve) => {
  requestAnimationFrame(() => setTimeout(resolve, 0));
  setTimeout(resolve, 50);
});

const FITTED = ".gtitle, .annotation-text, .legendtext, .infolayer g[class$='title'] > text";
const SMALLEST = 0.6;

// The chart's titles (layout, subplots, axes) and legend entries shrunk, if need be, to the room they
// have: one drawn from its left end up to the chart's right edge; a centred one (subplot and axis
// titles) up to the chart's edges and halfway to the next title beside it (vertically for a y title).
function fitText(node) {
  const svg = node.querySelector("svg.main-svg");
  if (!svg) return;
  const box = svg.getBoundingClientRect();
  const texts = Array.from(node.querySelectorAll(FITTED), (el) => {
    const r = el.getBoundingClientRect();
    const across = r.width >= r.height;
    const [low, high, lo, hi] = across ? [r.left, r.right, box.left, box.right]
      : [r.top, r.bottom, box.top, box.bottom];
    return { el, r, across, low, high, lo, hi, centre: (low + high) / 2 };
  });
  for (const t of texts) {
    const size = parseFloat(t.el.style.fontSize);
    const length = t.high - t.low;
    if (!(size > 0) || !(length > 0)) continue;
    let room;
    if (t.el.getAttribute("text-anchor") === "middle") {
      let half = Math.min(t.centre - t.lo, t.hi - t.centre);
      for (const o of texts) { // titles side by side: each gets half the distance between them
        const beside = o !== t && o.across === t.across && (t.across
          ? o.r.top < t.r.bottom && t.r.top < o.r.bottom : o.r.left < t.r.right && t.r.left < o.r.right);
        if (beside) half = Math.min(half, Math.abs(o.centre - t.centre) / 2);
      }
      room = 2 * half;
    } else {
      room = t.el.getAttribute("text-anchor") === "end" ? t.high - t.lo : t.hi - t.low;
    }
    if (length > room) t.el.style.fontSize = `${Math.max(size * SMALLEST, size * (room - 4) / length)}px`;
  }
}

// A legend hung from the top, under the title (ui.figures.title_and_legend): with more rows than planned,
// it pushes the plot down.
const hung = (layout) => layout.legend?.yref === "container" && layout.legend.yanchor === "top"
  && layout.margin?.t >= 0 && layout.height > 0;

// How far the legend pushed the plot down while drawing (its rows beyond those planned), in pixels, less
// the height an equal-scale plot leaves unused (it is as wide as it can be): what the plot lost.
function pushed(node, layout) {
  if (!hung(layout)) return 0;
  const { _size: size, yaxis } = node._fullLayout;
  const unused = layout.yaxis?.scaleanchor && yaxis ? (1 - (yaxis.domain[1] - yaxis.domain[0])) * size.h : 0;
  return Math.max(0, Math.round(size.t - layout.margin.t - unused));
}

// The layout of a chart `room` pixels taller than planned: the plot keeps its height, and the legend its
// distance from the top (its place is a fraction of the height).
function taller(layout, room) {
  if (!room || !hung(layout)) return layout;
  const height = layout.height + room;
  const y = 1 - (1 - layout.legend.y) * layout.height / height;
  return { ...layout, height, legend: { ...layout.legend, y } };
}

function plotly() {
  if (window.Plotly) return Promise.resolve(window.Plotly);
  loading ??= new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = PLOTLY_URL;
    script.onload = () => resolve(window.Plotly);
    script.onerror = () => reject(new Error(`could not load ${PLOTLY_URL}`));
    document.head.appendChild(script);
  });
  return loading;
}

// A point's customdata row of a 2-D array arrives as a typed array (plotly.js decodes the figure's
// binary arrays), which JSON would turn into {"0": .., "1": ..}: send it as a plain list.
const plain = (value) => (ArrayBuffer.isView(value) ? Array.from(value) : value);

function clicked(event) {
  const points = event.points.map((p) => Object.fromEntries(
    Object.entries(POINT_KEYS).filter(([from]) => p[from] !== undefined).map(([from, to]) => [to, plain(p[from])])));
  return { points };
}

export default async function ({ data, parentElement, setTriggerValue }) {
  const text = new TextDecoder().decode(data);
  const { figure, config, clickable, frames, frames_digest: digest } = JSON.parse(text);
  let node = parentElement.querySelector(":scope > .ml-chart");
  if (!node) {
    node = document.createElement("div");
    node.className = "ml-chart";
    node.style.width = "100%";
    node.drawing = 0;
    node.framesDigest = null;
    parentElement.appendChild(node);
    // the column can change width without a window resize (sidebar shown or hidden)
    let width = parentElement.clientWidth;
    node.resizer = new ResizeObserver(() => {
      if (parentElement.clientWidth !== width && node._fullLayout) {
        width = parentElement.clientWidth;
        window.Plotly.Plots.resize(node);
      }
    });
    node.resizer.observe(parentElement);
  }
  if (clickable) {
    figure.layout = { hovermode: "closest", dragmode: "pan", clickmode: "event", ...figure.layout };
  }
  node.drawing += 1;
  node.dataset.drawing = "true";
  node.wanted = text;
  try {
    const Plotly = await plotly();
    const draw = queue.then(async () => {
      if (node.drawn === text || node.wanted !== text) return; // drawn already, or a newer figure came
      const spec = { ...figure, config: { ...config, responsive: true } };
      if (frames || (node.framesDigest && digest !== node.framesDigest)) { // new frames, or old ones go
        spec.frames = frames ?? [];
        node.framesDigest = frames ? digest : null;
      }
      node.digest = digest;
      spec.layout = taller(figure.layout, node.room ?? 0);
      node.reacting = true; // its titles are fitted once the frame is painted (the layout is then clean,
      await Plotly.react(node, spec); // so measuring costs ~nothing), not on its plotly_afterplot
      // The first draw where the chart is seen sets its height: taller by the rows its legend needs beyond
      // those planned (a pixel or two is rounding, not a row: growing by those sent rob·irls round
      // plotly.js's auto-margin redraws). Later draws keep that height (a second draw on every key press
      // that changes the legend's rows cost clu 70 ms): their rows take from or give to the plot.
      if (node.room === undefined && node.clientWidth > 0) {
        const room = pushed(node, figure.layout);
        node.room = room > 2 ? room : 0;
        if (node.room) await Plotly.react(node, { ...spec, layout: taller(figure.layout, node.room) });
      }
      node.reacting = false;
      node.drawn = text;
      if (frames && node.play) Plotly.animate(node, ...node.play).catch(() => {}); // (a step interrupts it)
      if (frames) node.play = null;
      await painted();
      fitText(node);
    });
    queue = draw.catch(() => {});
    await draw;
    node.removeAllListeners?.("plotly_afterplot");
    node.on?.("plotly_afterplot", () => node.reacting || fitText(node)); // a resize, an animation's frame
    node.removeAllListeners?.("plotly_click");
    if (clickable) node.on("plotly_click", (event) => setTriggerValue("selection", clicked(event)));
    node.removeAllListeners?.("plotly_buttonclicked");
    node.on?.("plotly_buttonclicked", ({ button }) => { // ▶ (animate all frames) or ❚❚
      const play = button.method === "animate" && button.args[0] === null;
      node.play = play && node.digest && node.digest !== node.framesDigest ? button.args : null;
      if (node.play) setTriggerValue("frames_wanted", node.digest);
    });
  } finally {
    node.drawing -= 1;
    if (node.drawing === 0) delete node.dataset.drawing;
  }
  return () => {
    node.resizer.disconnect();
    window.Plotly?.purge(node);
  };
}
