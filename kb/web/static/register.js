// Installs the service worker (sw.js) that keeps the rules for reading offline.
if ("serviceWorker" in navigator) {
  const script = document.currentScript.dataset.worker;
  window.addEventListener("load", () => navigator.serviceWorker.register(script).catch(() => {}));
}
