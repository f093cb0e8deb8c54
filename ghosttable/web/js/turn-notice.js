// The "your turn" notice of the table page: when one of the seats this browser holds comes to act,
// the tab's title and icon say so (always), a short tone sounds and the browser shows a
// notification (each only once its reader turned it on, in the "Your turn" box; the browser's
// permission for notifications is asked on that click only, never on its own). The choices are
// kept in localStorage beside the language (`ghosttable.turn.sound`, `ghosttable.turn.notify`).

import { el } from "./api.js";
import { onLanguageChange, t } from "./i18n.js";

const SOUND_KEY = "ghosttable.turn.sound";
const NOTIFY_KEY = "ghosttable.turn.notify";
const ICON = "/static/img/ghost.svg";
const TURN_ICON = "/static/img/ghost-turn.svg";

const state = { yours: false, base: "", audio: null };

const wanted = (key) => localStorage.getItem(key) === "on";
const notifications = () => ("Notification" in window ? window.Notification : null);

function icon(href) {
  let link = document.querySelector("link[rel='icon']");
  if (!link) {
    link = el("link", { rel: "icon", type: "image/svg+xml" });
    document.head.append(link);
  }
  if (link.getAttribute("href") !== href) link.setAttribute("href", href);
}

// A short two-note tone (Web Audio: no sound file), at a quiet volume.
function tone() {
  const Audio = window.AudioContext || window.webkitAudioContext;
  if (!Audio) return;
  state.audio ||= new Audio();
  const audio = state.audio;
  audio.resume?.();
  const now = audio.currentTime;
  for (const [i, freq] of [660, 880].entries()) {
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.frequency.value = freq;
    gain.gain.setValueAtTime(0.0001, now + i * 0.16);
    gain.gain.exponentialRampToValueAtTime(0.12, now + i * 0.16 + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + i * 0.16 + 0.15);
    osc.connect(gain).connect(audio.destination);
    osc.start(now + i * 0.16);
    osc.stop(now + i * 0.16 + 0.16);
  }
}

// The browser notification, only while the page is not in view (a reader looking at the table
// sees the title and the board change).
function notify(gameTitle) {
  const N = notifications();
  if (!N || N.permission !== "granted" || !wanted(NOTIFY_KEY)) return;
  if (document.visibilityState === "visible" && document.hasFocus()) return;
  try {
    const note = new N(t("turn.notification", { title: gameTitle }), { body: t("turn.notificationBody"), icon: TURN_ICON, tag: "ghosttable-turn" });
    note.onclick = () => window.focus();
  } catch (err) {
    console.warn("the browser would not show the notification", err);
  }
}

// Called each time the table is shown: `yours` whether a seat held here is to act now,
// `base` the page's own title, `gameTitle` the game's name. The sound and the notification come on
// the change to `yours` only.
export function showTurn(yours, base, gameTitle) {
  const started = yours && !state.yours;
  state.yours = yours;
  state.base = base;
  document.title = yours ? t("turn.title", { title: base }) : base;
  icon(yours ? TURN_ICON : ICON);
  document.body.dataset.yourTurn = yours ? "true" : "false";
  if (!started) return;
  if (wanted(SOUND_KEY)) tone();
  notify(gameTitle);
}

// The "Your turn" box's two switches, in `box`: a tone, and a browser notification.
export function turnControls(box) {
  const sound = el("input", { type: "checkbox", id: "turn-sound" });
  const notice = el("input", { type: "checkbox", id: "turn-notify" });
  const note = el("p", { class: "muted small-text", id: "turn-note", hidden: true });
  const soundText = el("span");
  const noticeText = el("span");
  const head = el("h2", { id: "turn-title" });
  const fill = () => {
    head.textContent = t("turn.box");
    soundText.textContent = t("turn.sound");
    noticeText.textContent = t("turn.notify");
    if (!note.hidden) note.textContent = t(note.dataset.key);
  };
  const say = (key) => {
    note.dataset.key = key || "";
    note.hidden = !key;
    note.textContent = key ? t(key) : "";
  };
  const N = notifications();
  sound.checked = wanted(SOUND_KEY);
  notice.checked = wanted(NOTIFY_KEY) && N?.permission === "granted";
  if (!N) {
    notice.disabled = true;
    say("turn.notifyUnsupported");
  }
  sound.addEventListener("change", () => {
    localStorage.setItem(SOUND_KEY, sound.checked ? "on" : "off");
    if (sound.checked) tone(); // the reader hears what it will sound like (and the browser allows audio)
  });
  notice.addEventListener("change", async () => {
    if (!notice.checked) {
      localStorage.setItem(NOTIFY_KEY, "off");
      say("");
      return;
    }
    const answer = N.permission === "granted" ? "granted" : await N.requestPermission();
    const granted = answer === "granted";
    notice.checked = granted;
    localStorage.setItem(NOTIFY_KEY, granted ? "on" : "off");
    say(granted ? "" : "turn.notifyRefused");
  });
  fill();
  onLanguageChange(fill);
  box.replaceChildren(
    head,
    el("label", { class: "turn-switch" }, sound, " ", soundText),
    el("label", { class: "turn-switch" }, notice, " ", noticeText),
    note,
  );
  box.setAttribute("aria-labelledby", "turn-title");
}
