import { TOP_NAV_TOOLTIP_STORAGE_KEY } from '@quire/client-state';

/** The JSON block that tells the boot script which module to run and which chunks to fetch with it. */
export const BOOT_DATA_ID = '__QUIRE_BOOT__';

/** On <html> before the first paint when this browser has dismissed the logo's first-use tooltip. */
export const LOGO_TOOLTIP_OFF_CLASS = 'q-logo-tooltip-off';

/** What the boot script reads from the BOOT_DATA_ID block. */
export interface BootData {
  entry: string;
  /** The chunks of the server-rendered pages, which the entry would otherwise fetch only once it runs. */
  preload: string[];
  /** Chunks to evaluate before the entry, in order, each in a task of its own. */
  stages: string[];
}

/** Each preload costs the page's main thread about 2 ms (10 under a 4× slower CPU), at times more: one per task. */
const PRELOADS_PER_TASK = 1;

/*
 * The one inline script of a reader page (allowed by its hash in the Content-Security-Policy), in <head>:
 * - hides the logo tooltip at once where this browser dismissed it, so the server's HTML (the same for every
 *   visitor, and cacheable) never moves when the app starts;
 * - starts the app only after the server's HTML has been painted: the page shows, and its pictures load,
 *   without sharing the connection with its scripts; then the rendered pages' chunks are preloaded, one per
 *   task, while the UI runtime and the entry are imported (which fetches the entry's own chunks). A hidden tab
 *   paints nothing, so it starts at once. The runtime is evaluated first, then the entry, and the entry's
 *   `start` runs in a task after the one that evaluates it: no one task evaluates all the code;
 * - keeps the browser from submitting a form itself (a GET to the page, its fields, passwords and tax numbers
 *   included, in the address and the server's logs) when it is sent before its part of the page has hydrated:
 *   the app's forms send with script only; a form that names an action or method is a plain one and goes.
 */
export const BOOT_SCRIPT = `(function(d){
d.addEventListener('submit',function(e){var f=e.target;if(f&&f.hasAttribute&&!f.hasAttribute('action')&&!f.hasAttribute('method'))e.preventDefault()},true);
try{if(localStorage.getItem(${JSON.stringify(TOP_NAV_TOOLTIP_STORAGE_KEY)})==='1')d.documentElement.classList.add(${JSON.stringify(LOGO_TOOLTIP_OFF_CLASS)})}catch(e){}
function start(){var el=d.getElementById(${JSON.stringify(BOOT_DATA_ID)});if(!el)return;var b=JSON.parse(el.textContent);
var p=b.preload.slice();(function more(){p.splice(0,${PRELOADS_PER_TASK}).forEach(function(h){var l=d.createElement('link');l.rel='modulepreload';l.href=h;d.head.appendChild(l)});if(p.length)setTimeout(more,0)})();
function next(i){if(i<b.stages.length)return import(b.stages[i]).then(function(){return new Promise(function(r){setTimeout(r,0)})},function(){}).then(function(){return next(i+1)});
return import(b.entry).then(function(m){setTimeout(m.start,0)})}
next(0)}
function afterPaint(){if(d.visibilityState==='hidden')start();else requestAnimationFrame(function(){setTimeout(start,0)})}
if(d.readyState==='loading')d.addEventListener('DOMContentLoaded',afterPaint);else afterPaint()})(document)`;
