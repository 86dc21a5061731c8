// Autosave: the whole project (the kit, the calibration, and the map image itself) in the
// browser's IndexedDB, so closing the tab loses nothing.

const DB = "typhoon-editor", VERSION = 1;

function open() {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB, VERSION);
    req.onupgradeneeded = () => {
      const db = req.result;
      if (!db.objectStoreNames.contains("projects")) db.createObjectStore("projects");
      if (!db.objectStoreNames.contains("images")) db.createObjectStore("images");
    };
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error || new Error("IndexedDB is not available"));
  });
}

async function tx(storeName, mode, fn) {
  const db = await open();
  return new Promise((resolve, reject) => {
    const t = db.transaction(storeName, mode);
    const store = t.objectStore(storeName);
    let result;
    const req = fn(store);
    if (req) req.onsuccess = () => { result = req.result; };
    t.oncomplete = () => { db.close(); resolve(result); };
    t.onerror = () => { db.close(); reject(t.error); };
    t.onabort = () => { db.close(); reject(t.error || new Error("the save was aborted (is the disk full?)")); };
  });
}

export const saveProject = (data) => tx("projects", "readwrite", (s) => s.put(JSON.stringify(data), "current"));
export const loadProject = async () => {
  const text = await tx("projects", "readonly", (s) => s.get("current"));
  return text ? JSON.parse(text) : null;
};
export const saveImage = (id, blob) => tx("images", "readwrite", (s) => s.put(blob, id));
export const loadImage = (id) => tx("images", "readonly", (s) => s.get(id));
export const clearAll = async () => {
  await tx("projects", "readwrite", (s) => s.clear());
  await tx("images", "readwrite", (s) => s.clear());
};
