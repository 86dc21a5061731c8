// Shared DOM helpers: element builder and the error banner.

export function h(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else if (k === "className") e.className = v;
    else e.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    e.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return e;
}

export function showError(msg) {
  const box = document.getElementById("error");
  if (!msg) {
    box.hidden = true;
    return;
  }
  box.innerHTML = "";
  const text = document.createElement("span");
  text.className = "error-text";
  text.textContent = msg;
  const close = document.createElement("button");
  close.textContent = "×";
  close.title = "dismiss";
  close.onclick = () => (box.hidden = true);
  box.append(text, close);
  box.hidden = false;
}

