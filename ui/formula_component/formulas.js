// The formulas of a view with their sources, typeset by the KaTeX of Streamlit's own st.latex (its
// rehype-katex chunk, so they look like st.latex and its stylesheet fits), each in a node that is kept
// between reruns: a rerun typesets again only the formulas whose LaTeX changed, after the charts are
// drawn. st.latex re-renders every formula on every rerun, and stepping through EM's 40 steps changes
// none of its 6 formulas (issue 18). The source lines are set as text, never as HTML.
let plugin = null;
const load = (file) =>
  (plugin ??= import(new URL(`../ml_explorer_katex.js/${file}`, import.meta.url).href).then((m) => m.default({})));

// rehype-katex works on a syntax tree (hast): the formula goes in as a math-display element and comes
// out as KaTeX's HTML and MathML, written back to HTML here. hast names attributes as DOM properties:
// className is class, ariaHidden aria-hidden; MathML and SVG names are kept as they are.
const escape = (text) =>
  String(text).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
const attribute = (name) =>
  name === "className" ? "class" : /^(aria|data)[A-Z]/.test(name) ? name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`) : name;

function html(node) {
  if (node.type === "text") return escape(node.value);
  if (node.type !== "element") return "";
  const attributes = Object.entries(node.properties || {})
    .filter(([, value]) => value !== false && value != null)
    .map(([name, value]) => ` ${attribute(name)}="${escape(Array.isArray(value) ? value.join(" ") : value === true ? "" : value)}"`)
    .join("");
  return `<${node.tagName}${attributes}>${(node.children || []).map(html).join("")}</${node.tagName}>`;
}

function typeset(transform, latex) {
  const math = { type: "element", tagName: "div", properties: { className: ["math", "math-display"] },
                 children: [{ type: "text", value: latex }] };
  const tree = { type: "root", children: [math] };
  transform(tree, { message: (reason) => console.warn(`KaTeX could not typeset: ${reason}`) });
  return tree.children.map(html).join("");
}

// After the next frame has been painted (or 50 ms: a hidden tab paints no frames). Typesetting and
// laying out KaTeX's HTML takes the main thread for 10-40 ms, and Streamlit hands a rerun's new
// formulas over in the same task as its new charts: typeset at once, they held back the redrawn
// chart's frame, which is what a moved slider is for (gmm·em round trip ~207 → ~182 ms, issue 18).
const painted = () => new Promise((resolve) => {
  requestAnimationFrame(() => setTimeout(resolve, 0));
  setTimeout(resolve, 50);
});

function item(node, i) {
  let found = node.children[i];
  if (!found) {
    found = document.createElement("div");
    found.className = "ml-formula";
    found.append(document.createElement("div"), document.createElement("div"));
    found.firstChild.className = "ml-math";
    found.lastChild.className = "ml-source";
    node.appendChild(found);
  }
  return found;
}

export default async function ({ data, parentElement }) {
  const text = new TextDecoder().decode(data);
  let node = parentElement.querySelector(":scope > .ml-formulas");
  if (!node) {
    node = document.createElement("div");
    node.className = "ml-formulas";
    parentElement.appendChild(node);
  }
  if (node.wanted === text) return; // called again with the same formulas
  node.wanted = text;
  node.dataset.drawing = "true";
  const { katex, formulas } = JSON.parse(text);
  const transform = await load(katex).catch(() => null); // without KaTeX, the LaTeX source as text
  await painted(); // the charts of this rerun are drawn first (see painted)
  if (node.wanted !== text) return; // newer formulas came meanwhile
  formulas.forEach(([latex, source], i) => {
    const block = item(node, i);
    if (block.latex !== latex) {
      if (transform) block.firstChild.innerHTML = typeset(transform, latex);
      else block.firstChild.textContent = latex;
      block.latex = latex;
    }
    if (block.lastChild.textContent !== source) block.lastChild.textContent = source;
  });
  while (node.children.length > formulas.length) node.lastChild.remove();
  delete node.dataset.drawing;
}
