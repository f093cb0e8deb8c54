// Interface text in English and Simplified Chinese, and the language switch.
// Every piece of interface text goes through t(key, params); elements marked data-i18n="key"
// (and data-i18n-title / data-i18n-placeholder) are translated by translatePage().

const STRINGS = {
  en: {
    "app.name": "ghosttable",
    "app.tagline": "A digital tabletop for ghost board games",
    "lang.switch": "中文",
    "lang.switchTitle": "Switch the language to Simplified Chinese",
    "lobby.title": "Lobby",
    "lobby.new": "New table",
    "lobby.game": "Game",
    "lobby.players": "Players",
    "lobby.options": "Rule options",
    "lobby.noOptions": "This game has no rule options.",
    "lobby.seats": "Seats",
    "lobby.seat.me": "Me",
    "lobby.seat.ai": "AI",
    "lobby.seat.invite": "Invitation link",
    "lobby.bot": "Bot",
    "lobby.create": "Create table",
    "lobby.creating": "Creating…",
    "lobby.noGames": "No game is registered on this server.",
    "lobby.invites": "Invitation links",
    "lobby.invitesHelp": "Send each link to the friend who will take that seat. Each link works once.",
    "lobby.goToTable": "Go to the table",
    "lobby.copy": "Copy",
    "lobby.copied": "Copied",
    "lobby.mine": "My tables",
    "lobby.open": "Open tables",
    "lobby.finished": "Finished tables",
    "lobby.none": "None yet.",
    "lobby.continue": "Continue",
    "lobby.replay": "Replay",
    "lobby.view": "View",
    "lobby.join": "Join by link",
    "lobby.joinHelp": "Paste an invitation link a friend sent you, or a table's address (/table/…).",
    "lobby.joinLabel": "Invitation link",
    "lobby.joinButton": "Join",
    "lobby.joining": "Joining the table…",
    "lobby.badLink": "This is neither an invitation link nor a table's address.",
    "lobby.moves": "{n} moves",
    "lobby.moveOne": "1 move",
    "lobby.asSeat": "as {seat}",
    "lobby.watching": "watching",
    "lobby.refresh": "Refresh",
    "lobby.default": "default: {value}",
    "lobby.retired": "Cannot be continued",
    "retired.version": "This table was played under rules version {played} of its game; this server has version {installed}, which cannot take up its moves.",
    "retired.missing": "This table's game ({game}) is not installed on this server.",
    "retired.refused": "The rules installed on this server cannot rebuild this table: {reason}",
    "join.taken.title": "This seat is taken",
    "join.taken": "This invitation link was already used: its seat belongs to the person who opened it first. You can still watch the game.",
    "join.invalid.title": "This invitation link does not work",
    "join.invalid": "The link is not an invitation to this table. Ask for the link again, or watch the game.",
    "join.unknown.title": "There is no such table",
    "join.unknown": "The table of this invitation link does not exist on this server.",
    "join.watch": "Watch as a spectator",
    "common.yes": "yes",
    "common.no": "no",
    "common.error": "Error: {reason}",
    "common.back": "Back to the lobby",
    "turn.title": "▶ Your turn · {title}",
    "turn.box": "Your turn",
    "turn.sound": "Play a sound when it is my turn",
    "turn.notify": "Show a browser notification when it is my turn",
    "turn.notifyRefused": "The browser refused notifications; they can be allowed in its site settings.",
    "turn.notifyUnsupported": "This browser cannot show notifications.",
    "turn.notification": "Your turn: {title}",
    "turn.notificationBody": "The table waits for your move.",
    "table.title": "Table",
    "table.you": "You are {seat}",
    "table.spectator": "You are watching",
    "table.switchSeat": "Play as",
    "table.connecting": "Connecting…",
    "table.connected": "Connected",
    "table.reconnecting": "Connection lost, reconnecting…",
    "table.seats": "Seats",
    "table.seat.ai": "AI ({bot})",
    "table.seat.human": "person",
    "table.seat.waiting": "invited, not joined yet",
    "table.seat.offline": "away",
    "table.seat.acting": "to act",
    "table.seat.you": "you, playing here",
    "table.seat.yours": "yours, played on this device",
    "table.handOver": "Pass the device to {seat}.",
    "table.handOverGo": "I am {seat}: show my table",
    "table.winners": "{winners} won",
    "game.old-house.side.hunters": "The hunters",
    "game.old-house.side.phantom": "The Phantom",
    "table.noWinner": "Nobody won",
    "bot.random": "Random",
    "bot.ismcts": "Search (ISMCTS)",
    "bot.heuristic": "Heuristic",
    "bot.expert": "Expert",
    "bot.oracle": "Oracle",
    "table.board": "Table",
    "table.yourMove": "Your move",
    "table.waitingFor": "Waiting for {seats}",
    "table.waitingYou": "Your turn",
    "zoom.label": "Zoom",
    "zoom.in": "Zoom in",
    "zoom.out": "Zoom out",
    "zoom.fit": "Fit",
    "table.undo": "Undo",
    "table.undoTitle": "Take back your last action of this turn (until a die is rolled, a card drawn or something hidden revealed)",
    "table.hint": "Hint",
    "table.hintTitle": "Ask the advisor for a move, from what your seat knows",
    "table.hintThinking": "Thinking…",
    "table.hintShown": "Suggested: {action} · estimated chance to win {chance}",
    "table.notYourTurn": "Not your turn",
    "table.decision": "Decision: {name}",
    "table.otherAction": "Another action (text form)",
    "table.send": "Send",
    "table.log": "Game log",
    "table.logEmpty": "No move yet.",
    "table.logHidden": "{seat} made a hidden move",
    "table.aiMark": "AI",
    "table.refused": "Refused: {reason}",
    "table.aiFailed": "An AI seat stopped: {reason}",
    "table.over": "Game over",
    "table.outcome": "{outcome}",
    "table.score": "Score: {score}",
    "table.returns": "Result per seat: {returns}",
    "table.openReplay": "Open the replay",
    "table.backToGame": "Back to the table",
    "table.unknown": "There is no such table.",
    "table.view": "What you see",
    "table.pending": "Sending…",
    "replay.title": "Replay",
    "replay.step": "Step {i} of {n}",
    "replay.first": "First",
    "replay.prev": "Back",
    "replay.next": "Forward",
    "replay.last": "Last",
    "replay.start": "The start of the game",
    "replay.perspective": "Seen by",
    "replay.everyone": "spectator",
    "replay.notFinished": "The replay opens once the game is over.",
    "panel.empty": "(empty)",
    "panel.none": "—",
  },
  zh: {
    "app.name": "鬼桌",
    "app.tagline": "鬼怪桌游的数字桌面",
    "lang.switch": "English",
    "lang.switchTitle": "将界面语言切换为英文",
    "lobby.title": "大厅",
    "lobby.new": "新建牌桌",
    "lobby.game": "游戏",
    "lobby.players": "玩家人数",
    "lobby.options": "规则选项",
    "lobby.noOptions": "此游戏没有规则选项。",
    "lobby.seats": "座位",
    "lobby.seat.me": "我",
    "lobby.seat.ai": "电脑",
    "lobby.seat.invite": "邀请链接",
    "lobby.bot": "电脑玩家",
    "lobby.create": "创建牌桌",
    "lobby.creating": "正在创建……",
    "lobby.noGames": "此服务器上没有注册任何游戏。",
    "lobby.invites": "邀请链接",
    "lobby.invitesHelp": "把每个链接发给将坐在该座位的朋友。每个链接只能使用一次。",
    "lobby.goToTable": "前往牌桌",
    "lobby.copy": "复制",
    "lobby.copied": "已复制",
    "lobby.mine": "我的牌桌",
    "lobby.open": "进行中的牌桌",
    "lobby.finished": "已结束的牌桌",
    "lobby.none": "暂无。",
    "lobby.continue": "继续",
    "lobby.replay": "回放",
    "lobby.view": "查看",
    "lobby.join": "通过链接加入",
    "lobby.joinHelp": "粘贴朋友发给你的邀请链接，或牌桌的网址。",
    "lobby.joinLabel": "邀请链接",
    "lobby.joinButton": "加入",
    "lobby.joining": "正在加入牌桌……",
    "lobby.badLink": "这既不是邀请链接，也不是牌桌地址。",
    "lobby.moves": "{n} 步",
    "lobby.moveOne": "1 步",
    "lobby.asSeat": "座位：{seat}",
    "lobby.watching": "观战",
    "lobby.refresh": "刷新",
    "lobby.default": "默认：{value}",
    "lobby.retired": "无法继续",
    "retired.version": "这张牌桌按游戏规则版本 {played} 进行；本服务器安装的是版本 {installed}，无法接续它的着法。",
    "retired.missing": "本服务器没有安装这张牌桌的游戏（{game}）。",
    "retired.refused": "本服务器安装的规则无法重建这张牌桌：{reason}",
    "join.taken.title": "这个座位已有人",
    "join.taken": "此邀请链接已被使用：座位属于最先打开它的人。你仍可以观战。",
    "join.invalid.title": "此邀请链接无效",
    "join.invalid": "此链接不是这张牌桌的邀请。请重新索取链接，或者观战。",
    "join.unknown.title": "没有这张牌桌",
    "join.unknown": "此邀请链接所指的牌桌不在这个服务器上。",
    "join.watch": "以观战者身份观看",
    "common.yes": "是",
    "common.no": "否",
    "common.error": "错误：{reason}",
    "refusal.too_many_tables": "进行中的牌桌数量已达这台服务器的上限：请先下完一些牌桌，再开新桌。",
    "refusal.rate_limited": "开新桌太快了：一分钟内能开的牌桌已经开完，请稍后再试。",
    "common.back": "返回大厅",
    "turn.title": "▶ 轮到你了 · {title}",
    "turn.box": "轮到你时",
    "turn.sound": "轮到我时播放提示音",
    "turn.notify": "轮到我时显示浏览器通知",
    "turn.notifyRefused": "浏览器拒绝了通知; 可以在它的网站设置中允许。",
    "turn.notifyUnsupported": "这个浏览器不能显示通知。",
    "turn.notification": "轮到你了: {title}",
    "turn.notificationBody": "牌桌在等你行动。",
    "table.title": "牌桌",
    "table.you": "你是 {seat}",
    "table.spectator": "你正在观战",
    "table.switchSeat": "切换座位",
    "table.connecting": "正在连接……",
    "table.connected": "已连接",
    "table.reconnecting": "连接中断，正在重新连接……",
    "table.seats": "座位",
    "table.seat.ai": "电脑（{bot}）",
    "table.seat.human": "真人",
    "table.seat.waiting": "已邀请，尚未加入",
    "table.seat.offline": "离开",
    "table.seat.acting": "行动中",
    "table.seat.you": "你，在此操作",
    "table.seat.yours": "你的座位，在本设备上轮流操作",
    "table.handOver": "请把设备交给 {seat}。",
    "table.handOverGo": "我是 {seat}：显示我的牌桌",
    "table.winners": "{winners}获胜",
    "game.old-house.side.hunters": "猎鬼人",
    "game.old-house.side.phantom": "幽灵",
    "table.noWinner": "无人获胜",
    "bot.random": "随机",
    "bot.ismcts": "搜索（信息集蒙特卡洛）",
    "bot.heuristic": "经验型",
    "bot.expert": "高手",
    "bot.oracle": "全知",
    "table.board": "牌桌",
    "table.yourMove": "轮到你行动",
    "table.waitingFor": "等待 {seats}",
    "table.waitingYou": "轮到你了",
    "zoom.label": "缩放",
    "zoom.in": "放大",
    "zoom.out": "缩小",
    "zoom.fit": "适应宽度",
    "table.undo": "撤销",
    "table.undoTitle": "收回你本回合的上一个行动（直到掷骰、抽牌或揭示隐藏信息为止）",
    "table.hint": "提示",
    "table.hintTitle": "根据你的座位所知，请顾问建议一步",
    "table.hintThinking": "思考中…",
    "table.hintShown": "建议：{action} · 估计获胜概率 {chance}",
    "table.notYourTurn": "还没轮到你",
    "table.decision": "决策：{name}",
    "table.otherAction": "其他行动（文本形式）",
    "table.send": "发送",
    "table.log": "游戏记录",
    "table.logEmpty": "还没有任何行动。",
    "table.logHidden": "{seat} 进行了隐藏的行动",
    "table.aiMark": "电脑",
    "table.refused": "被拒绝：{reason}",
    "table.aiFailed": "电脑座位已停止：{reason}",
    "table.over": "游戏结束",
    "table.outcome": "{outcome}",
    "table.score": "得分：{score}",
    "table.returns": "各座位结果：{returns}",
    "table.openReplay": "打开回放",
    "table.backToGame": "返回牌桌",
    "table.unknown": "没有这张牌桌。",
    "table.view": "你所看到的",
    "table.pending": "正在发送……",
    "replay.title": "回放",
    "replay.step": "第 {i} 步，共 {n} 步",
    "replay.first": "开头",
    "replay.prev": "后退",
    "replay.next": "前进",
    "replay.last": "结尾",
    "replay.start": "游戏开始",
    "replay.perspective": "视角",
    "replay.everyone": "观战者",
    "replay.notFinished": "游戏结束后才能打开回放。",
    "panel.empty": "（空）",
    "panel.none": "—",
  },
};

export const LANGUAGES = Object.keys(STRINGS);
const STORAGE_KEY = "ghosttable.lang";
const listeners = new Set();

function initialLanguage() {
  const saved = localStorage.getItem(STORAGE_KEY);
  if (saved && STRINGS[saved]) return saved;
  return (navigator.language || "en").toLowerCase().startsWith("zh") ? "zh" : "en";
}

let current = initialLanguage();

export function lang() {
  return current;
}

export function t(key, params = {}) {
  const text = STRINGS[current][key] ?? STRINGS.en[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, name) => (name in params ? String(params[name]) : `{${name}}`));
}

// Whether the current language (or English) has a text for key.
export function has(key) {
  return key in STRINGS[current] || key in STRINGS.en;
}

// t(key) when a text exists for key, else fallback (game names and options from a game's module).
export function tOr(key, fallback, params = {}) {
  return has(key) ? t(key, params) : fallback;
}

// The text of a refusal from the server (an ApiError's {code, reason}) in the current language:
// the interface's own text for the code where it has one, else the server's reason.
export function refusalText(err) {
  return t("common.error", { reason: tOr(`refusal.${err.code}`, err.reason || err.message) });
}

// Why a retired table (status "retired": the rules installed here cannot rebuild it) cannot be
// continued, from its summary's `retired` ({reason, version, installed}) and `game`.
export function retiredReason(table) {
  const info = table.retired || {};
  if (info.installed === null || info.installed === undefined) return t("retired.missing", { game: table.game });
  if (info.version !== info.installed) return t("retired.version", { played: info.version, installed: info.installed });
  return t("retired.refused", { reason: info.reason || "" });
}

// How a finished game ended, in words: the game's own wording of its outcome
// (`game.<name>.outcome.<outcome>`) when it has one, else who won, each winning side named by the
// game's texts (`game.<name>.side.<side>`, else its seat name `game.<name>.seat.<side>`).
// `result` is the `state` message's `{outcome, winners}`.
export function outcomeText(game, result) {
  if (!result) return "";
  const own = `game.${game}.outcome.${result.outcome}`;
  if (has(own)) return t(own);
  const winners = result.winners || [];
  if (!winners.length) return t("table.noWinner");
  const names = winners.map((side) => tOr(`game.${game}.side.${side}`, tOr(`game.${game}.seat.${side}`, side)));
  return t("table.winners", { winners: names.join(current === "zh" ? "、" : " and ") });
}

// Every text of a language as now known (the shell's and the table modules' added so far):
// key -> text, a copy (the test that every English text has its Chinese one reads it).
export function texts(code) {
  return { ...(STRINGS[code] || {}) };
}

// Adds a game's texts: { en: { key: text }, zh: { key: text } } (a table module's `strings`).
export function addStrings(bundle) {
  for (const [code, entries] of Object.entries(bundle || {})) {
    if (STRINGS[code] && entries && typeof entries === "object") Object.assign(STRINGS[code], entries);
  }
}

export function translatePage(root = document) {
  document.documentElement.lang = current === "zh" ? "zh-Hans" : "en";
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll("[data-i18n-title]")) el.title = t(el.dataset.i18nTitle);
  for (const el of root.querySelectorAll("[data-i18n-placeholder]")) el.placeholder = t(el.dataset.i18nPlaceholder);
}

export function setLanguage(code) {
  if (!STRINGS[code]) return;
  current = code;
  localStorage.setItem(STORAGE_KEY, code);
  translatePage();
  for (const fn of listeners) fn(code);
}

export function onLanguageChange(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

// Wires a button that toggles between the two languages.
export function languageButton(button) {
  button.addEventListener("click", () => setLanguage(current === "en" ? "zh" : "en"));
}
