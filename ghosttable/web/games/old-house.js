// The Mystery of the Old House table: the house in SVG (rooms, walls, cell types, relics, hunters,
// trails, pentagrams, entities), the Time track and the Phantom's Damage; the Phantom's private map
// (its cell, its route this round) and its hand of Move cards; the hunters' traps and, when the
// table was created with the rule option `heat-map`, the cells where the Phantom may be. Every
// decision is played by clicking. It reads only the engine's view and the seat's legal actions
// (the `state` frame); no rule is worked out here. Contract: docs/protocol.md ("Table modules").

import { seatsAt } from "/static/js/api.js";
import { createHistory, historyBox } from "/static/js/history.js";
import { createPicker } from "/static/js/picking.js";
import { svg } from "/static/js/svg.js";
import { createZoom } from "/static/js/zoom.js";

// Hot seat: the table passes at once to the next seat held in this browser, whose screen comes up
// covered by its own "pass the screen" card (the Phantom's map and hand, or a hunter's traps, stay
// hidden until the next player asks to see them).
export const hotSeat = "switch";

const C = 64; // a cell's side (SVG units)
const DIRS = ["north", "east", "south", "west"];
const ARROW = { north: "↑", east: "→", south: "↓", west: "←" };
const HUNTER_FILL = {
  medium: "#8e5cc4",
  athlete: "#d0612f",
  tracker: "#3f8f4e",
  engineer: "#3a6fb8",
  photographer: "#c2a12a",
  exorcist: "#c8453b",
};
// The letter's colour on each hunter's disc: white, or dark ink where the disc is light.
const HUNTER_INK = { photographer: "#1c2036" };

const EN = {
  "game.old-house.title": "The Mystery of the Old House",
  "game.old-house.public.plays a move card": "Plays a move card",
  "game.old-house.public.discards a move card": "Discards a move card",
  "game.old-house.public.sets a trap": "Sets a trap",
  "game.old-house.seat.phantom": "Phantom",
  "game.old-house.seat.hunter1": "Hunter 1",
  "game.old-house.seat.hunter2": "Hunter 2",
  "game.old-house.seat.hunter3": "Hunter 3",
  "game.old-house.option.house": "House",
  "game.old-house.option.house.help": "A house file (TOML), or 'default' for the built-in house.",
  "game.old-house.option.heroes": "Heroes",
  "game.old-house.option.heroes.help": "Each hunter seat chooses its hero card at setup, or the hero cards are dealt at random.",
  "game.old-house.option.heroes.chosen": "Chosen by the hunters",
  "game.old-house.option.heroes.random": "Dealt at random",
  "game.old-house.option.card-sharing": "Twilight's cards",
  "game.old-house.option.card-sharing.help": "The hunters give each card the Phantom leaves to the hunter they choose, or the cards are dealt one by one in hunter order.",
  "game.old-house.option.card-sharing.chosen": "Shared as the hunters choose",
  "game.old-house.option.card-sharing.dealt": "Dealt in turn",
  "game.old-house.option.wrong-guess": "A wrong guess costs",
  "game.old-house.option.wrong-guess.help": "Only the rest of this turn, or the hunter's next turn too.",
  "game.old-house.option.wrong-guess.next-turn": "The next turn too",
  "game.old-house.option.wrong-guess.this-turn": "Only this turn",
  "game.old-house.option.checks-reveal-route": "Checks reveal the route",
  "game.old-house.option.checks-reveal-route.help": "A check of honesty shows the hunters the Move cards the Phantom laid in its turn (their directions, in order); off: it shows nothing.",
  "game.old-house.option.three-hunters": "Against three hunters",
  "game.old-house.option.three-hunters.help": "Balanced: the Phantom's roll counts one step more (for it or its entities), Horror frightens two hunters, and a Phantom named correctly cannot be named again before its next turn. Only with 4 players.",
  "game.old-house.option.three-hunters.printed": "The printed rules",
  "game.old-house.option.three-hunters.balanced": "Balanced",
  "game.old-house.option.heat-map": "Hunters' heat map",
  "game.old-house.option.heat-map.help": "The hunters' screen shades the cells where the Phantom may be (from public information and their own traps).",
  "oh.yourMove": "Your move: {what}",
  "oh.decision.twilight_choice": "Twilight: take your action cards",
  "oh.decision.take_card": "Twilight: take a card",
  "oh.decision.phantom_turn": "Your Phantom turn",
  "oh.decision.hunter_order": "Who hunts next?",
  "oh.decision.hunter_turn": "Your hunter's turn",
  "oh.decision.choose_hero": "Setup: choose your hero",
  "oh.decision.share_cards": "Twilight: share the cards",
  "oh.phase.heroes": "Setup · the hunters choose their heroes",
  "oh.phase.sharing": "Twilight · the hunters share the cards",
  "oh.phase.twilight": "Twilight",
  "oh.phase.phantom": "Midnight · the Phantom moves",
  "oh.phase.hunters": "Midnight · the hunters hunt",
  "oh.phase.over": "The game is over",
  "oh.time": "Time",
  "oh.round": "Round {n} of {of}",
  "oh.damage": "Phantom's Damage",
  "oh.relicsDestroyed": "Relics destroyed: {n} of {of}",
  "oh.hand": "Hand: {n} Move cards",
  "oh.yourHand": "Your Move cards",
  "oh.laid": "Laid this turn",
  "oh.laidLast": "Laid last turn: {n}",
  "oh.cardsThisTurn": "Cards this turn: {n}",
  "oh.revealed": "Revealed on {cell}",
  "oh.hidden": "Hidden",
  "oh.roundEnding": "The round ends after the hunters",
  "oh.die": "Die {n}",
  "oh.stepsLeft": "{n} steps left",
  "oh.stepLeft": "1 step left",
  "oh.opening": "Opening turn: at least one step, no summons, no relic destroyed",
  "oh.openingLeave": "Second opening turn: at least one step, ending off the start cell; no summons, no relic destroyed",
  "oh.checkedRoute": "The check showed the Phantom's turn: {dirs}",
  "oh.heroesOffer": "Hero cards on offer",
  "oh.shareOffer": "Cards to share",
  "oh.hint.hero": "Click a hero card to take it.",
  "oh.hint.share": "Click a hunter beside a card to give it that card.",
  "oh.horrorLeft": "Horror: {n} more hunter may be frightened this turn, free (no card)",
  "oh.named": "Named this phase: no hunter may name the Phantom again before its next turn",
  "oh.possible": "The Phantom may be on {n} cells",
  "oh.trapsSet": "Traps on the board: {n}",
  "oh.publicMap": "The house",
  "oh.privateMap": "Your private map: where you are and your route this round",
  "oh.route": "Route",
  "oh.phantomCards": "The Phantom's action cards",
  "oh.actionCards": "Action cards",
  "oh.none": "none",
  "oh.hunters": "Hunters",
  "oh.horrified": "horrified",
  "oh.losesTurn": "loses its next turn",
  "oh.abilityUsed": "ability used",
  "oh.done": "done",
  "oh.active": "acting",
  "oh.moveDie": "rolled {die}: moves up to {n}",
  "oh.moveDieOne": "rolled {die}: moves 1 cell",
  "oh.horrifiedTurn": "horrified: no move this turn",
  "oh.moved": "moved",
  "oh.guessed": "guessed",
  "oh.twilightAvailable": "Cards on offer",
  "oh.twilightQuota": "{n} more to take",
  "oh.tool": "Click a cell to:",
  "oh.tool.move": "Move there",
  "oh.tool.trap": "Set a trap (secret)",
  "oh.tool.attack_pentagram": "Attack the pentagram",
  "oh.hint.step": "Click a Move card, or a lit cell next to you on your private map.",
  "oh.hint.take": "Click a card to take it.",
  "oh.hint.order": "Choose the hunter who goes next.",
  "oh.otherActions": "Actions",
  "oh.allActions": "All legal actions",
  "oh.events": "What happened",
  "oh.history.setup": "Setup · the hunters choose their heroes",
  "oh.history.twilight": "Round {round} · Twilight",
  "oh.history.phantom": "Round {round} · the Phantom's turn",
  "oh.history.hunters": "Round {round} · the hunters' turn",
  "oh.history.missing": "{n} earlier events were not received; the replay shows them all once the game is over.",
  "oh.result.phantom": "The Phantom wins",
  "oh.result.hunters": "The hunters win",
  "oh.victory": "Victory",
  "oh.defeat": "Defeat",
  "oh.refused": "Refused: {reason}",
  "oh.cover.title": "Pass the screen",
  "oh.cover.text": "This screen belongs to {seat}. Others, look away.",
  "oh.cover.show": "I am {seat}: show my screen",
  "oh.cover.hide": "Hide my screen",
  "oh.legend.corridor": "corridor",
  "oh.legend.dark": "dark",
  "oh.legend.furnished": "furnished",
  "oh.legend.damp": "damp",
  "oh.legend.relic": "relic",
  "oh.legend.trail": "trail",
  "oh.legend.pentagram": "pentagram",
  "oh.legend.trap": "trap",
  "oh.legend.possible": "Phantom may be here",
  "oh.legend.phantom": "Phantom",
  "oh.entity.shadows": "Shadows",
  "oh.entity.poltergeist": "Poltergeist",
  "oh.entity.slime": "Slime",
  "oh.mark.medium": "M",
  "oh.mark.athlete": "A",
  "oh.mark.tracker": "T",
  "oh.mark.engineer": "E",
  "oh.mark.photographer": "P",
  "oh.mark.exorcist": "X",
  "oh.mark.shadows": "Sh",
  "oh.mark.poltergeist": "Po",
  "oh.mark.slime": "Sl",
  "oh.legend.entities": "Entities",
  "oh.card.summon_shadows": "Summon Shadows",
  "oh.card.summon_poltergeist": "Summon Poltergeist",
  "oh.card.summon_slime": "Summon Slime",
  "oh.card.horror": "Horror",
  "oh.card.acceleration": "Acceleration",
  "oh.card.trap": "Trap",
  "oh.card.pentagram": "Pentagram",
  "oh.card.check": "Check",
  "oh.dir.north": "north",
  "oh.dir.east": "east",
  "oh.dir.south": "south",
  "oh.dir.west": "west",
  "oh.act.pick_cards": "Take 4 cards openly",
  "oh.act.gamble": "Gamble: roll the die",
  "oh.act.take_card": "Take card {card}",
  "oh.act.choose_hero": "Choose the {hunter}",
  "oh.act.give_card": "Card {card} ({side}) to the {hunter}",
  "oh.act.give_card_plain": "Card {card} to the {hunter}",
  "oh.act.step": "Move {dir}",
  "oh.act.discard": "Discard one {dir} card unseen",
  "oh.act.move_entity": "Move {entity} {dir}",
  "oh.act.accelerate": "Acceleration (+2 steps)",
  "oh.act.summon": "Summon {entity}",
  "oh.act.horror": "Horror on the {hunter}",
  "oh.act.horrorFree": "Horror on the {hunter} (free: no card)",
  "oh.act.attack_pentagram": "Attack the pentagram on {cell}",
  "oh.act.end_turn": "End the turn",
  "oh.act.start_turn": "The {hunter} goes",
  "oh.act.move": "Move to {cell}",
  "oh.act.guess": "Guess: the Phantom is here",
  "oh.act.pentagram": "Draw a pentagram here",
  "oh.act.trap": "Trap on {cell}",
  "oh.act.check_honesty": "Check the Phantom's honesty",
  "oh.act.sense": "Sense (Medium)",
  "oh.act.photograph": "Photograph the {room}",
};

const ZH = {
  "game.old-house.title": "古宅之谜",
  "game.old-house.public.plays a move card": "打出一张移动牌",
  "game.old-house.public.discards a move card": "弃掉一张移动牌",
  "game.old-house.public.sets a trap": "设下一个陷阱",
  "game.old-house.seat.phantom": "幽灵",
  "game.old-house.seat.hunter1": "猎人 1",
  "game.old-house.seat.hunter2": "猎人 2",
  "game.old-house.seat.hunter3": "猎人 3",
  "game.old-house.option.house": "宅邸",
  "game.old-house.option.house.help": "宅邸文件 (TOML)，或 'default' 使用内置宅邸。",
  "game.old-house.option.wrong-guess": "猜错的代价",
  "game.old-house.option.wrong-guess.help": "猎人连下一回合也失去，或只失去本回合剩下的部分。",
  "game.old-house.option.wrong-guess.next-turn": "连下一回合也失去",
  "game.old-house.option.wrong-guess.this-turn": "只失去本回合",
  "game.old-house.option.checks-reveal-route": "检查公开路线",
  "game.old-house.option.checks-reveal-route.help": "诚实检查向猎人展示幽灵在其回合打出的移动卡 (方向, 按顺序); 关闭: 什么也不展示。",
  "game.old-house.option.heroes": "英雄",
  "game.old-house.option.heroes.help": "每个猎人座位在开局时选择自己的英雄卡, 或随机发英雄卡。",
  "game.old-house.option.heroes.chosen": "由猎人选择",
  "game.old-house.option.heroes.random": "随机发",
  "game.old-house.option.card-sharing": "黄昏的卡",
  "game.old-house.option.card-sharing.help": "猎人把幽灵留下的每张卡交给他们选择的猎人, 或按猎人顺序逐张发。",
  "game.old-house.option.card-sharing.chosen": "由猎人分配",
  "game.old-house.option.card-sharing.dealt": "轮流发",
  "game.old-house.option.three-hunters": "对抗三名猎人",
  "game.old-house.option.three-hunters.help": "平衡: 幽灵掷出的点数多算一步 (幽灵或其灵体), 恐惧吓到两名猎人, 被正确指认的幽灵在其下一回合前不能再被指认。仅限 4 人游戏。",
  "game.old-house.option.three-hunters.printed": "按规则书",
  "game.old-house.option.three-hunters.balanced": "平衡",
  "game.old-house.option.heat-map": "猎人热力图",
  "game.old-house.option.heat-map.help": "猎人的屏幕标出幽灵可能所在的格子（依据公开信息和猎人自己的陷阱）。",
  "oh.yourMove": "轮到你行动: {what}",
  "oh.decision.twilight_choice": "黄昏: 拿取行动卡",
  "oh.decision.take_card": "黄昏: 拿一张卡",
  "oh.decision.phantom_turn": "你的幽灵回合",
  "oh.decision.hunter_order": "下一个由谁搜捕？",
  "oh.decision.hunter_turn": "你的猎人回合",
  "oh.decision.choose_hero": "开局: 选择你的英雄",
  "oh.decision.share_cards": "黄昏: 分配卡牌",
  "oh.phase.heroes": "开局 · 猎人选择英雄",
  "oh.phase.sharing": "黄昏 · 猎人分配卡牌",
  "oh.phase.twilight": "黄昏",
  "oh.phase.phantom": "午夜 · 幽灵行动",
  "oh.phase.hunters": "午夜 · 猎人搜捕",
  "oh.phase.over": "游戏结束",
  "oh.time": "时间",
  "oh.round": "第 {n} 轮 / 共 {of} 轮",
  "oh.damage": "幽灵伤害",
  "oh.relicsDestroyed": "已摧毁圣物: {n} / {of}",
  "oh.hand": "手牌: {n} 张移动卡",
  "oh.yourHand": "你的移动卡",
  "oh.laid": "本回合打出",
  "oh.laidLast": "上回合打出: {n}",
  "oh.cardsThisTurn": "本回合卡牌: {n}",
  "oh.revealed": "现身于 {cell}",
  "oh.hidden": "隐身",
  "oh.roundEnding": "猎人行动后本轮结束",
  "oh.die": "骰子 {n}",
  "oh.stepsLeft": "剩余 {n} 步",
  "oh.stepLeft": "剩余 1 步",
  "oh.opening": "开局回合: 至少走一步, 不能召唤, 不摧毁圣物",
  "oh.openingLeave": "第二个开局回合: 至少走一步, 并且不能停在起点; 不能召唤, 不摧毁圣物",
  "oh.checkedRoute": "检查展示了幽灵的回合: {dirs}",
  "oh.heroesOffer": "可选的英雄卡",
  "oh.shareOffer": "要分配的卡",
  "oh.hint.hero": "点击一张英雄卡拿取它。",
  "oh.hint.share": "点击卡旁边的猎人, 把这张卡交给它。",
  "oh.horrorLeft": "恐惧: 本回合还可再吓 {n} 名猎人, 免费 (不用卡)",
  "oh.named": "本阶段已被指认: 幽灵的下一回合之前, 猎人不能再指认它",
  "oh.possible": "幽灵可能在 {n} 个格子上",
  "oh.trapsSet": "场上陷阱: {n}",
  "oh.publicMap": "宅邸",
  "oh.privateMap": "你的私人地图: 你的位置和本轮路线",
  "oh.route": "路线",
  "oh.phantomCards": "幽灵的行动卡",
  "oh.actionCards": "行动卡",
  "oh.none": "无",
  "oh.hunters": "猎人",
  "oh.horrified": "惊吓中",
  "oh.losesTurn": "失去下一回合",
  "oh.abilityUsed": "能力已用",
  "oh.done": "已行动",
  "oh.active": "行动中",
  "oh.moveDie": "掷出 {die}: 最多移动 {n}",
  "oh.moveDieOne": "掷出 {die}: 移动 1 格",
  "oh.horrifiedTurn": "受到惊吓: 本回合不能移动",
  "oh.moved": "已移动",
  "oh.guessed": "已猜测",
  "oh.twilightAvailable": "可选的卡",
  "oh.twilightQuota": "还要拿 {n} 张",
  "oh.tool": "点击格子以:",
  "oh.tool.move": "移动到那里",
  "oh.tool.trap": "设置陷阱 (秘密)",
  "oh.tool.attack_pentagram": "攻击五芒星",
  "oh.hint.step": "点击一张移动卡, 或在私人地图上点击你旁边亮起的格子。",
  "oh.hint.take": "点击一张卡拿取它。",
  "oh.hint.order": "选择下一个行动的猎人。",
  "oh.otherActions": "行动",
  "oh.allActions": "全部合法行动",
  "oh.events": "发生了什么",
  "oh.history.setup": "开局 · 猎人选择英雄",
  "oh.history.twilight": "第 {round} 轮 · 黄昏",
  "oh.history.phantom": "第 {round} 轮 · 幽灵的回合",
  "oh.history.hunters": "第 {round} 轮 · 猎人的回合",
  "oh.history.missing": "更早的 {n} 条记录未收到；游戏结束后回放会显示全部记录。",
  "oh.result.phantom": "幽灵获胜",
  "oh.result.hunters": "猎人获胜",
  "oh.victory": "胜利",
  "oh.defeat": "失败",
  "oh.refused": "被拒绝: {reason}",
  "oh.cover.title": "请交换屏幕",
  "oh.cover.text": "这个屏幕属于 {seat}。其他人请回避。",
  "oh.cover.show": "我是 {seat}: 显示我的屏幕",
  "oh.cover.hide": "隐藏我的屏幕",
  "oh.legend.corridor": "走廊",
  "oh.legend.dark": "黑暗",
  "oh.legend.furnished": "家具",
  "oh.legend.damp": "潮湿",
  "oh.legend.relic": "圣物",
  "oh.legend.trail": "踪迹",
  "oh.legend.pentagram": "五芒星",
  "oh.legend.trap": "陷阱",
  "oh.legend.possible": "幽灵可能在此",
  "oh.legend.phantom": "幽灵",
  "oh.entity.shadows": "暗影",
  "oh.entity.poltergeist": "骚灵",
  "oh.entity.slime": "黏液",
  "oh.mark.medium": "灵",
  "oh.mark.athlete": "运",
  "oh.mark.tracker": "追",
  "oh.mark.engineer": "工",
  "oh.mark.photographer": "摄",
  "oh.mark.exorcist": "驱",
  "oh.mark.shadows": "影",
  "oh.mark.poltergeist": "骚",
  "oh.mark.slime": "黏",
  "oh.legend.entities": "实体",
  "oh.card.summon_shadows": "召唤暗影",
  "oh.card.summon_poltergeist": "召唤骚灵",
  "oh.card.summon_slime": "召唤黏液",
  "oh.card.horror": "恐惧",
  "oh.card.acceleration": "加速",
  "oh.card.trap": "陷阱",
  "oh.card.pentagram": "五芒星",
  "oh.card.check": "检查",
  "oh.dir.north": "北",
  "oh.dir.east": "东",
  "oh.dir.south": "南",
  "oh.dir.west": "西",
  "oh.act.pick_cards": "公开拿 4 张卡",
  "oh.act.gamble": "赌一把: 掷骰",
  "oh.act.take_card": "拿第 {card} 号卡",
  "oh.act.choose_hero": "选择{hunter}",
  "oh.act.give_card": "第 {card} 号卡 ({side}) 交给{hunter}",
  "oh.act.give_card_plain": "第 {card} 号卡交给{hunter}",
  "oh.act.step": "向{dir}移动",
  "oh.act.discard": "暗弃一张{dir}卡",
  "oh.act.move_entity": "{entity} 向{dir}移动",
  "oh.act.accelerate": "加速 (+2 步)",
  "oh.act.summon": "召唤{entity}",
  "oh.act.horror": "恐惧: {hunter}",
  "oh.act.horrorFree": "恐惧: {hunter} (免费: 不用卡)",
  "oh.act.attack_pentagram": "攻击 {cell} 的五芒星",
  "oh.act.end_turn": "结束回合",
  "oh.act.start_turn": "{hunter} 先行动",
  "oh.act.move": "移动到 {cell}",
  "oh.act.guess": "猜测: 幽灵就在这里",
  "oh.act.pentagram": "在这里画五芒星",
  "oh.act.trap": "在 {cell} 设陷阱",
  "oh.act.check_honesty": "检查幽灵的诚实",
  "oh.act.sense": "感应 (灵媒)",
  "oh.act.photograph": "拍摄{room}",
  "oh.hunter.medium": "灵媒",
  "oh.hunter.athlete": "运动员",
  "oh.hunter.tracker": "追踪者",
  "oh.hunter.engineer": "工程师",
  "oh.hunter.photographer": "摄影师",
  "oh.hunter.exorcist": "驱魔师",
  "oh.heroText.medium": "每轮一次, 询问幽灵是否在你 2 步之内; 答案公开。",
  "oh.heroText.athlete": "你可以比骰子允许的多走 1 格。",
  "oh.heroText.tracker": "寻找踪迹时, 你也查看与你上下左右相邻的 4 格。",
  "oh.heroText.engineer": "你可以在圣物格上设陷阱。",
  "oh.heroText.photographer": "每轮一次, 说出一个房间: 你得知幽灵是否在其中; 答案公开。",
  "oh.heroText.exorcist": "猜对时造成 2 点伤害, 而不是 1 点。",
  "oh.houseName.The Old House": "古宅",
  "oh.room.hall": "大厅",
  "oh.room.library": "书房",
  "oh.room.chapel": "礼拜堂",
  "oh.room.bedroom": "卧室",
  "oh.room.kitchen": "厨房",
  "oh.room.bathroom": "浴室",
  "oh.room.cellar": "地窖",
};

export const strings = { en: EN, zh: ZH };

// --- small helpers ------------------------------------------------------------------------------


const colOf = (cell) => cell.charCodeAt(0) - 65;
const rowOf = (cell) => Number(cell.slice(1));

function star(cx, cy, r) {
  const pts = [];
  for (let i = 0; i < 5; i++) {
    const a = -Math.PI / 2 + (i * 4 * Math.PI) / 5;
    pts.push(`${(cx + r * Math.cos(a)).toFixed(1)},${(cy + r * Math.sin(a)).toFixed(1)}`);
  }
  return pts.join(" ");
}

function ghostPath(cx, cy, s) {
  // A small ghost: round head, wavy hem.
  const w = s;
  const h = s * 1.2;
  const x = cx - w / 2;
  const y = cy - h / 2;
  return (
    `M${x},${y + w / 2} A${w / 2},${w / 2} 0 0 1 ${x + w},${y + w / 2} L${x + w},${y + h}` +
    ` l${-w / 6},${-w / 6} l${-w / 6},${w / 6} l${-w / 6},${-w / 6} l${-w / 6},${w / 6} l${-w / 6},${-w / 6} l${-w / 6},${w / 6} Z`
  );
}

// The engine's English lines (prompts, log) in Chinese, by pattern; a line no pattern knows is
// shown as it is. `n` names a hunter, entity, room or direction in Chinese.
const ZH_DIR = { north: "北", east: "东", south: "南", west: "西" };
const ZH_ENTITY = { Shadows: "暗影", Poltergeist: "骚灵", Slime: "黏液", shadows: "暗影", poltergeist: "骚灵", slime: "黏液" };
const ZH_CARD = { "summon shadows": "召唤暗影", "summon poltergeist": "召唤骚灵", "summon slime": "召唤黏液", horror: "恐惧", acceleration: "加速", trap: "陷阱", pentagram: "五芒星", check: "检查" };
const ZH_ROOM = { Hall: "大厅", Library: "书房", Chapel: "礼拜堂", Bedroom: "卧室", Kitchen: "厨房", Bathroom: "浴室", Cellar: "地窖" };
const zhWho = (name, n) => (name === "Phantom" ? "幽灵" : ZH_ENTITY[name] ?? n(name));
const ZH_LINES = [
  [/^(.+); the Phantom is revealed on (\w+)\.$/, (m, n) => `${zhLine(`${m[1]}.`, n).replace(/。$/, "")}；幽灵在 ${m[2]} 现形。`],
  [/^The Phantom steps into the (\w+)'s trap on (\w+): (\d+) Damage\.$/, (m, n) => `幽灵踩中${n(m[1])}在 ${m[2]} 的陷阱: ${m[3]} 点伤害。`],
  [/^The (\w+) names the Phantom on (\w+): (\d+) Damage\.$/, (m, n) => `${n(m[1])} 指认幽灵在 ${m[2]}: ${m[3]} 点伤害。`],
  [/^The (Phantom|Shadows|Poltergeist|Slime) destroys? the relic on (\w+)\.$/, (m, n) => `${zhWho(m[1], n)}摧毁了 ${m[2]} 的圣物。`],
  [/^The (revealed Phantom|Shadows|Poltergeist|Slime) destroys? the pentagram on (\w+)\.$/, (m, n) => `${m[1] === "revealed Phantom" ? "现形的幽灵" : zhWho(m[1], n)}摧毁了 ${m[2]} 的五芒星。`],
  [/^The (\w+) meets? a hunter on (\w+) and (?:is|are) banished\.$/, (m, n) => `${zhWho(m[1], n)}在 ${m[2]} 遇到猎人, 被驱逐。`],
  [/^The (\w+)'s trap on (\w+) banishes the (\w+)\.$/, (m, n) => `${n(m[1])} 在 ${m[2]} 的陷阱驱逐了${zhWho(m[3], n)}。`],
  [/^The (\w+) banishes the (\w+) on (\w+)\.$/, (m, n) => `${n(m[1])} 在 ${m[3]} 驱逐了${zhWho(m[2], n)}。`],
  [/^The Phantom has no usable move card: the hunters take a last turn, then the round ends\.$/, () => "幽灵没有可用的移动卡: 猎人再行动一回合, 然后本轮结束。"],
  [/^The (\w+) checks the Phantom's (\d+) move cards: they are honest; the \w+ loses (\d+) action cards\.$/, (m, n) => `${n(m[1])} 检查幽灵的 ${m[2]} 张移动卡: 幽灵是诚实的; ${n(m[1])} 失去 ${m[3]} 张行动卡。`],
  [/^The Phantom's last turn went: (.+)\.$/, (m) => `幽灵上一回合的方向: ${m[1].split(", ").map((d) => ZH_DIR[d] ?? d).join("、")}。`],
  [/^The (\w+) senses (the Phantom|nothing) within (\d+) steps of (\w+)\.$/, (m, n) => `${n(m[1])} 在 ${m[4]} 的 ${m[3]} 步之内${m[2] === "nothing" ? "什么也没感应到" : "感应到了幽灵"}。`],
  [/^The (\w+)'s picture of the (\w+): the Phantom is (not )?there\.$/, (m, n) => `${n(m[1])} 拍摄的${ZH_ROOM[m[2]] ?? m[2]}: 幽灵${m[3] ? "不在" : "在"}那里。`],
  [/^Round (\d+) begins\. Hunters: (.+)\.$/, (m, n) => `第 ${m[1]} 轮开始。猎人: ${m[2].split(", ").map(n).join("、")}。`],
  [/^Round (\d+) begins\.$/, (m) => `第 ${m[1]} 轮开始。`],
  [/^Midnight of round (\d+)\.$/, (m) => `第 ${m[1]} 轮的午夜。`],
  [/^The hunters' turn\.$/, () => "猎人的回合。"],
  [/^The Phantom will take 4 action cards openly\.$/, () => "幽灵将公开拿 4 张行动卡。"],
  [/^The Phantom gambles and rolls (\d+): it takes (\d+) action cards\.$/, (m) => `幽灵赌一把, 掷出 ${m[1]}: 拿 ${m[2]} 张行动卡。`],
  [/^The (\w+) takes (.+) \(card (\d+)\)\.$/, (m, n) => `${zhWho(m[1], n)}拿取 ${ZH_CARD[m[2]] ?? m[2]} (第 ${m[3]} 号卡)。`],
  [/^The hunters choose their heroes\.$/, () => "猎人选择他们的英雄。"],
  [/^hunter(\d) chooses the (\w+)\.$/, (m, n) => `猎人 ${m[1]} 选择了${n(m[2])}。`],
  [/^The hunters share the (\d+) cards left\.$/, (m) => `猎人分配剩下的 ${m[1]} 张卡。`],
  [/^Choose a hero card for hunter (\d+) of (\d+)\.$/, (m) => `为第 ${m[1]} 名猎人 (共 ${m[2]} 名) 选择英雄卡。`],
  [/^Give each action card left after Twilight to a hunter \((\d+) left\)\.$/, (m) => `把黄昏后剩下的每张行动卡交给一名猎人 (还剩 ${m[1]} 张)。`],
  [/^The (\w+) takes (.+)\.$/, (m, n) => `${n(m[1])} 拿取 ${m[2].split(", ").map((c) => ZH_CARD[c] ?? c).join("、")}。`],
  [/^The Phantom rolls (\d+)\.$/, (m) => `幽灵掷出 ${m[1]}。`],
  [/^The Phantom rolls (\d+), one step more \(three-hunters=balanced\)\.$/, (m) => `幽灵掷出 ${m[1]}, 多走一步 (三名猎人: 平衡)。`],
  [/^The Phantom plays a move card \((\d+) this turn, (\d+) in hand\)\.$/, (m) => `幽灵打出一张移动卡 (本回合第 ${m[1]} 张, 手中 ${m[2]} 张)。`],
  [/^You move (\w+) to (\w+)\.$/, (m) => `你向${ZH_DIR[m[1]]}移动到 ${m[2]}。`],
  [/^You discard one (\w+) card\.$/, (m) => `你弃掉一张${ZH_DIR[m[1]]}卡。`],
  [/^The Phantom does not move and discards a move card unseen \((\d+) in hand\)\.$/, (m) => `幽灵不移动, 暗弃一张移动卡 (手中 ${m[1]} 张)。`],
  [/^The Phantom plays Acceleration: \+2 steps this turn\.$/, () => "幽灵打出加速: 本回合 +2 步。"],
  [/^The Phantom plays Horror: the (\w+) skips its next move\.$/, (m, n) => `幽灵打出恐惧: ${n(m[1])} 跳过下一次移动。`],
  [/^The Horror also frightens the (\w+): it skips its next move\.$/, (m, n) => `恐惧也吓到了${n(m[1])}: 跳过下一次移动。`],
  [/^The Phantom summons (\w+) on (\w+)\.$/, (m) => `幽灵在 ${m[2]} 召唤${ZH_ENTITY[m[1]] ?? m[1]}。`],
  [/^The (\w+) moves? (north|east|south|west) to (\w+)\.$/, (m, n) => `${ZH_ENTITY[m[1]] ?? n(m[1])}向${ZH_DIR[m[2]]}移动到 ${m[3]}。`],
  [/^The (\w+) moves to (\w+)\.$/, (m, n) => `${n(m[1])} 移动到 ${m[2]}。`],
  [/^The (\w+) rolls (\d+)\.$/, (m, n) => `${n(m[1])} 掷出 ${m[2]}。`],
  [/^The (\w+) rolled (\d+): move 1 to (\d+) cells \(or play cards first\)\.$/, (m, n) => `${n(m[1])} 掷出 ${m[2]}: 移动 1 到 ${m[3]} 格 (或先打出卡牌)。`],
  [/^The (\w+) rolled (\d+): move 1 cell \(or play cards first\)\.$/, (m, n) => `${n(m[1])} 掷出 ${m[2]}: 移动 1 格 (或先打出卡牌)。`],
  [/^The (\w+) on (\w+): play cards, guess, or end the turn\.$/, (m, n) => `${n(m[1])} 在 ${m[2]}: 打出卡牌、猜测或结束回合。`],
  [/^The (\w+) plays Acceleration: up to (\d+) cells\.$/, (m, n) => `${n(m[1])} 打出加速: 最多 ${m[2]} 格。`],
  [/^The (\w+) sets a trap\.$/, (m, n) => `${n(m[1])} 设下一个陷阱。`],
  [/^The (\w+)'s trap lies on (\w+)\.$/, (m, n) => `${n(m[1])} 的陷阱在 ${m[2]}。`],
  [/^The (\w+) draws a pentagram on (\w+)\.$/, (m, n) => `${n(m[1])} 在 ${m[2]} 画下五芒星。`],
  [/^The (\w+) names the Phantom on (\w+), wrongly, and loses (its next turn|the turn)\.$/, (m, n) => `${n(m[1])} 指认幽灵在 ${m[2]}, 猜错了, 失去${m[3] === "the turn" ? "本回合" : "下一回合"}。`],
  [/^The (\w+) names the Phantom on (\w+): (\d+) Damage(.*)$/, (m, n) => `${n(m[1])} 指认幽灵在 ${m[2]}: ${m[3]} 点伤害${m[4]}`],
  [/^The (\w+) loses this turn for its wrong guess\.$/, (m, n) => `${n(m[1])} 因猜错失去本回合。`],
  [/^The (\w+) is horrified and skips its move\.$/, (m, n) => `${n(m[1])} 受到惊吓, 跳过移动。`],
  [/^A trail appears on (\w+)\.$/, (m) => `${m[1]} 出现踪迹。`],
  [/^The Phantom has taken (\d+) Damage and is banished: the hunters win\.$/, (m) => `幽灵受到 ${m[1]} 点伤害, 被驱逐: 猎人获胜。`],
  [/^(\d+) rounds have passed with relics still standing: the hunters win\.$/, (m) => `${m[1]} 轮过去, 圣物仍在: 猎人获胜。`],
  [/^The Phantom has destroyed every relic and wins\.$/, () => "幽灵摧毁了所有圣物: 幽灵获胜。"],
  [/^Die (\d+): (\d+) steps? left for you and your entities( \(an opening turn: at least one step, no summons, no relic destroyed\))?\.$/, (m) => `骰子 ${m[1]}: 你和你的实体还剩 ${m[2]} 步${m[3] ? " (开局回合: 至少走一步, 不能召唤, 不摧毁圣物)" : ""}。`],
  [/^Die (\d+): (\d+) steps? left for you and your entities \(the second opening turn: at least one step, end it off your start cell; no summons\)\.$/, (m) => `骰子 ${m[1]}: 你和你的实体还剩 ${m[2]} 步 (第二个开局回合: 至少走一步, 不能停在起点; 不能召唤)。`],
  [/^Take 4 action cards openly, or roll the die and take 1 \+ the roll\.$/, () => "公开拿 4 张行动卡, 或掷骰并拿 1 + 点数张。"],
  [/^Take an action card \((\d+) more to take; at most 3 Summon cards\)\.$/, (m) => `拿一张行动卡 (还要拿 ${m[1]} 张; 最多 3 张召唤卡)。`],
  [/^Choose the hunter who takes the next turn\.$/, () => "选择下一个行动的猎人。"],
];

function zhLine(line, n) {
  for (const [re, fn] of ZH_LINES) {
    const m = line.match(re);
    if (m) return fn(m, n);
  }
  return line;
}

// --- the module ---------------------------------------------------------------------------------

export function mount(root, ctx) {
  const { el, t } = ctx;
  const tr = (key, params) => t(key, params);
  const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean)[1] || "");
  // Two or more seats of this table held in this browser: people share the screen (hot seat).
  const hotSeat = ctx.mode === "play" && seatsAt(tableId).length > 1;

  const style = el("link", { rel: "stylesheet", href: "/static/css/old-house.css" });
  const decisionBox = el("section", { class: "decision oh-decision", id: "decision" });
  const status = el("div", { class: "oh-status", id: "oh-status" });
  const publicMap = svg("svg", { class: "oh-map", id: "oh-map", role: "group", "aria-label": "house" });
  const privateMap = svg("svg", { class: "oh-map oh-private-map", id: "oh-private-map", role: "group", "aria-label": "private" });
  const publicBox = el("figure", { class: "oh-map-box" });
  const privateBox = el("figure", { class: "oh-map-box oh-private", id: "oh-private" });
  const side = el("aside", { class: "oh-side", id: "oh-side" });
  const maps = el("div", { class: "oh-maps" }, publicBox, privateBox);
  const events = el("section", { class: "oh-events card", id: "oh-events" });
  const cover = el("div", { class: "oh-cover", id: "oh-cover", hidden: true });
  const zoomBar = el("div", { class: "oh-zoom", id: "oh-zoom", role: "group" });
  const zoom = createZoom(ctx, { bar: zoomBar, prefix: "oh", boards: () => [publicMap, privateMap] });
  const screen = el("div", { class: "oh-screen" }, decisionBox, status, zoomBar, maps, side, events);
  root.append(style, el("div", { class: "oh-root" }, screen, cover));
  // The log list scrolls to its newest line when drawn; drawn before this stylesheet applies (its
  // height limit), that scroll is lost, so it is done again once the stylesheet has loaded.
  style.addEventListener("load", () => {
    const list = events.querySelector(".oh-log");
    if (list) list.scrollTop = list.scrollHeight;
  });

  let frame = null;
  // Every log line this seat may read, kept as the views bring them, the earlier ones asked for once.
  const history = createHistory(ctx, () => render());
  // Each action card's side (the hunter it is drawn for), as the views have shown it: a log line
  // of a card given names its side even once the card has left the sharing and the hands.
  const cardSides = new Map();
  const noteCards = (v) => {
    for (const c of v?.sharing?.available ?? []) cardSides.set(String(c.id), c.hunter);
    for (const h of v?.hunters ?? []) for (const c of h.cards ?? []) cardSides.set(String(c.id), c.hunter);
  };
  let tool = null; // which cell action a click on the house means (move, trap, attack_pentagram)
  let shown = !hotSeat; // hot seat: the screen stays covered until its owner asks to see it
  let hadDecision = false;

  const view = () => frame.view;
  const actions = () => frame.decision?.actions ?? [];
  const mine = () => ctx.mode === "play" && frame?.decision && !pick.busy;
  const dirName = (d) => tr(`oh.dir.${d}`);
  const hunterName = (h) => {
    const hunter = view().hunters.find((x) => x.name === h) ?? view().heroes?.offered.find((x) => x.name === h);
    return ctx.tOr(`oh.hunter.${h}`, hunter?.title ?? h);
  };
  // A hero card's text in the interface's language (the engine gives the card's English text).
  const heroText = (h) => ctx.tOr(`oh.heroText.${h.name}`, h.text);
  const roomName = (r) => {
    const room = view().house.rooms.find((x) => x.name === r);
    return ctx.tOr(`oh.room.${r}`, room?.title ?? r);
  };
  const entityName = (kind) => ctx.tOr(`oh.entity.${kind}`, kind);
  // An engine's line in the interface's language; in English, the heroes by their titles ("the
  // Photographer", not the engine's "the photographer") and a hunter seat by its name.
  const HEROES = /\b([Tt]he) (medium|athlete|tracker|engineer|photographer|exorcist)\b/g;
  const englishLine = (line) => line.replace(HEROES, (_, the, h) => `${the} ${hunterName(h)}`).replace(/^hunter(\d) /, (_, n) => `${tr(`game.old-house.seat.hunter${n}`)} `);
  const engineText = (line) => (ctx.lang() === "zh" ? zhLine(line, (h) => ctx.tOr(`oh.hunter.${h}`, h)) : englishLine(line));
  const cardName = (c) => ctx.tOr(`oh.card.${c}`, c.replaceAll("_", " "));

  // The label of an action; `past`: for the log (an entity is named by its kind only, since it
  // has moved on since).
  function actionLabel(a, past = false) {
    const p = { ...a };
    if (p.dir) p.dir = dirName(p.dir);
    if (p.hunter) p.hunter = hunterName(p.hunter);
    if (p.room) p.room = roomName(p.room);
    if (a.kind === "move") p.cell = a.to;
    if (a.kind === "give_card") {
      const side = cardSides.get(String(a.card));
      if (side === undefined) return tr("oh.act.give_card_plain", p);
      p.side = cardName(side);
    }
    if (a.kind === "summon") p.entity = entityName(a.entity);
    if (a.kind === "move_entity") {
      const ent = view().entities.find((e) => String(e.id) === String(a.entity));
      p.entity = ent ? (past ? entityName(ent.kind) : `${entityName(ent.kind)} (${ent.cell})`) : String(a.entity);
    }
    // The second fright of a Horror card (three-hunters=balanced) costs no card.
    if (a.kind === "horror" && !past && view().phantom.horror_left > 0) return tr("oh.act.horrorFree", p);
    return ctx.tOr(`oh.act.${a.kind}`, "") ? tr(`oh.act.${a.kind}`, p) : a.kind;
  }

  // Sending an action (one at a time, the refusal's reason kept): shared with the other tables.
  const pick = createPicker(ctx, {
    frame: () => frame,
    render: () => render(),
    refused: (err) => err?.reason || String(err?.code || err),
    renderWhenSending: true,
  });

  const ofKind = (kind) => actions().filter((x) => x.action.kind === kind).map((x) => x.action);
  // The text form of one of the decision's actions (what the table's Hint names it by).
  const textOf = (action) => actions().find((x) => x.action === action)?.text ?? null;

  // --- the house ----------------------------------------------------------------------------

  function geometry() {
    const h = view().house;
    return {
      w: h.width * C,
      h: h.height * C,
      x: (cell) => colOf(cell) * C,
      y: (cell) => (h.height - rowOf(cell)) * C,
      cx: (cell) => colOf(cell) * C + C / 2,
      cy: (cell) => (h.height - rowOf(cell)) * C + C / 2,
    };
  }

  // targets: {cell: action} drawn lit and clickable on this map.
  function drawHouse(node, { privateLayer, targets }) {
    const v = view();
    const h = v.house;
    const g = geometry();
    const pad = 22;
    node.setAttribute("viewBox", `${-pad} ${-pad} ${g.w + 2 * pad} ${g.h + 2 * pad}`);
    node.replaceChildren();
    const roomOf = {};
    for (const room of h.rooms) for (const c of room.cells) roomOf[c] = room.name;
    const cells = Object.keys(h.cell_types);
    const layer = (cls) => node.appendChild(svg("g", { class: cls }));
    const base = layer("oh-cells");
    for (const cell of cells) {
      const type = h.cell_types[cell];
      const r = svg("rect", { x: g.x(cell), y: g.y(cell), width: C, height: C, class: `oh-cell oh-${type}`, "data-cell": cell });
      r.append(svg("title", {}, `${cell} · ${roomName(roomOf[cell])} · ${tr(`oh.legend.${type}`)}`));
      base.append(r);
    }
    // Coordinates round the edge.
    const coords = layer("oh-coords");
    for (let i = 0; i < h.width; i++) coords.append(svg("text", { x: i * C + C / 2, y: -7, "text-anchor": "middle" }, String.fromCharCode(65 + i)));
    for (let j = 0; j < h.height; j++) coords.append(svg("text", { x: -11, y: j * C + C / 2 + 4, "text-anchor": "middle" }, String(h.height - j)));
    // The heat map (hunters, option) and the Phantom's route (private map).
    if (!privateLayer && v.side === "hunters" && ctx.options?.["heat-map"] && v.possible_cells) {
      const heat = layer("oh-heat");
      const share = v.possible_cells.length ? 1 / v.possible_cells.length : 0;
      for (const cell of v.possible_cells) {
        heat.append(svg("rect", { x: g.x(cell) + 2, y: g.y(cell) + 2, width: C - 4, height: C - 4, rx: 6, class: "oh-possible", "data-cell": cell, opacity: (0.3 + 0.45 * Math.sqrt(share)).toFixed(2) }));
      }
    }
    // Room names.
    const names = layer("oh-room-names");
    for (const room of h.rooms) {
      const top = room.cells.reduce((a, c) => (rowOf(c) > rowOf(a) || (rowOf(c) === rowOf(a) && colOf(c) < colOf(a)) ? c : a));
      // On a light plate, readable on every cell type (a dark cell's grey included).
      const label = roomName(room.name);
      const width = [...label].reduce((w, ch) => w + (ch.charCodeAt(0) > 0x2e80 ? 10 : 6), 6);
      names.append(svg("rect", { x: g.x(top) + 1.5, y: g.y(top) + 1.5, width, height: 13, rx: 3, class: "oh-room-plate" }));
      names.append(svg("text", { x: g.x(top) + 4.5, y: g.y(top) + 11.5, class: "oh-room-name" }, label));
    }
    // Walls.
    const walls = layer("oh-walls");
    for (const [a, b] of h.walls) {
      const [ca, ra, cb, rb] = [colOf(a), rowOf(a), colOf(b), rowOf(b)];
      if (ra === rb) {
        const x = Math.max(ca, cb) * C;
        walls.append(svg("line", { x1: x, y1: g.y(a), x2: x, y2: g.y(a) + C, class: "oh-wall" }));
      } else {
        const y = (h.height - Math.max(ra, rb)) * C + C;
        walls.append(svg("line", { x1: ca * C, y1: y, x2: ca * C + C, y2: y, class: "oh-wall" }));
      }
    }
    walls.append(svg("rect", { x: 0, y: 0, width: g.w, height: g.h, class: "oh-outer-wall" }));
    // Portraits, relics.
    const things = layer("oh-things");
    for (const [hunter, cell] of Object.entries(h.portraits)) {
      things.append(svg("rect", { x: g.x(cell) + C - 13, y: g.y(cell) + 3, width: 10, height: 12, rx: 2, class: "oh-portrait", fill: HUNTER_FILL[hunter] ?? "#777" }, svg("title", {}, hunterName(hunter))));
    }
    for (const relic of v.relics) {
      const cx = g.cx(relic.cell);
      const cy = g.cy(relic.cell);
      const r = svg("g", { class: relic.destroyed ? "oh-relic destroyed" : "oh-relic", "data-relic": relic.cell });
      r.append(svg("polygon", { points: `${cx},${cy - 16} ${cx + 12},${cy} ${cx},${cy + 16} ${cx - 12},${cy}` }));
      if (relic.destroyed) r.append(svg("path", { d: `M${cx - 13},${cy - 13} L${cx + 13},${cy + 13} M${cx + 13},${cy - 13} L${cx - 13},${cy + 13}`, class: "oh-cross" }));
      r.append(svg("title", {}, `${tr("oh.legend.relic")} ${relic.cell}${relic.destroyed ? " ✗" : ""}`));
      things.append(r);
    }
    // Trails, pentagrams, traps.
    for (const cell of v.trails) {
      const t0 = svg("g", { class: "oh-trail", "data-trail": cell });
      for (const [dx, dy] of [[-14, 14], [-5, 20], [6, 12], [15, 19]]) t0.append(svg("ellipse", { cx: g.x(cell) + C / 2 + dx, cy: g.y(cell) + C / 2 + dy, rx: 3.2, ry: 4.5 }));
      t0.append(svg("title", {}, tr("oh.legend.trail")));
      things.append(t0);
    }
    for (const cell of v.pentagrams) {
      things.append(svg("polygon", { points: star(g.x(cell) + 14, g.y(cell) + C - 15, 11), class: "oh-pentagram", "data-pentagram": cell }, svg("title", {}, tr("oh.legend.pentagram"))));
    }
    if (!privateLayer && v.traps) {
      for (const trap of v.traps) {
        const x = g.x(trap.cell) + C - 16;
        const y = g.y(trap.cell) + C - 16;
        things.append(
          svg(
            "g",
            { class: "oh-trap", "data-trap": trap.cell },
            svg("circle", { cx: x, cy: y, r: 10 }),
            svg("path", { d: `M${x - 6},${y - 2} l3,5 l3,-5 l3,5 l3,-5` }),
            svg("title", {}, `${tr("oh.legend.trap")} · ${hunterName(trap.hunter)}`),
          ),
        );
      }
    }
    // The Phantom's route (private) as a path.
    const priv = privateLayer ? v.private : null;
    if (priv && priv.route.length > 1) {
      const pts = priv.route.map((r) => `${g.cx(r.cell)},${g.cy(r.cell)}`).join(" ");
      things.append(svg("polyline", { points: pts, class: "oh-route" }));
      priv.route.forEach((r, i) => {
        things.append(svg("circle", { cx: g.cx(r.cell), cy: g.cy(r.cell), r: 4, class: "oh-route-dot" }, svg("title", {}, `${tr("oh.route")} ${i}`)));
      });
    }
    // The tokens on each cell (hunters, entities, the Phantom where this seat sees it), laid side
    // by side in up to three columns so that none hides another: large when one or two share the
    // cell, smaller when more do. Hunters are coloured discs with their letter, entities squares,
    // the Phantom a ghost.
    const phantomCell = priv ? priv.cell : v.phantom.cell;
    const onCell = {};
    const put = (cell, token) => (onCell[cell] ||= []).push(token);
    for (const hunter of v.hunters) put(hunter.cell, { kind: "hunter", hunter });
    for (const ent of v.entities) put(ent.cell, { kind: "entity", ent });
    if (phantomCell) put(phantomCell, { kind: "phantom" });
    for (const [cell, tokens] of Object.entries(onCell)) {
      const n = tokens.length;
      const cols = Math.min(n, 3);
      const rows = Math.ceil(n / 3);
      const r = n === 1 ? 14 : n === 2 ? 12 : 9;
      const gap = 2 * r + 4; // room for the outlines (an acting hunter's is the widest)
      tokens.forEach((token, i) => {
        const inRow = i < 3 * (rows - 1) ? cols : n - 3 * (rows - 1);
        const col = i % 3;
        const row = Math.floor(i / 3);
        const x = g.cx(cell) + (col - (inRow - 1) / 2) * gap;
        const y = g.cy(cell) + (rows > 1 ? 0 : 4) + (row - (rows - 1) / 2) * gap;
        things.append(drawToken(token, x, y, r, cell));
      });
    }
    // Click targets.
    const hits = layer("oh-targets");
    for (const [cell, action] of Object.entries(targets)) {
      const r = svg("rect", { x: g.x(cell) + 1.5, y: g.y(cell) + 1.5, width: C - 3, height: C - 3, rx: 5, class: "oh-target target", "data-target": cell, "data-action": textOf(action), tabindex: 0, role: "button" });
      r.append(svg("title", {}, actionLabel(action)));
      r.addEventListener("click", () => pick.send(action));
      r.addEventListener("keydown", (e) => {
        if (e.key === "Enter" || e.key === " ") {
          e.preventDefault();
          pick.send(action);
        }
      });
      hits.append(r);
    }
  }

  // One token at (x, y) of radius r: a hunter's disc, an entity's square, the Phantom's ghost.
  function drawToken(token, x, y, r, cell) {
    const font = r >= 12 ? 12 : 10;
    if (token.kind === "hunter") {
      const hunter = token.hunter;
      const cls = ["oh-hunter", `oh-hunter-${hunter.name}`, hunter.active ? "active" : "", hunter.horrified ? "horrified" : ""].join(" ");
      return svg(
        "g",
        { class: cls, "data-hunter": hunter.name, "data-actions": hunter.active && mine() ? cellActionTexts() : null },
        svg("circle", { cx: x, cy: y, r, fill: HUNTER_FILL[hunter.name] ?? "#777" }),
        svg("text", { x, y: y + font / 2.6, "text-anchor": "middle", "font-size": font, fill: HUNTER_INK[hunter.name] ?? "#fff" }, hunterMark(hunter.name)),
        svg("title", {}, `${hunterName(hunter.name)} · ${ctx.seatName(seatIndex(hunter.seat))}`),
      );
    }
    if (token.kind === "entity") {
      const ent = token.ent;
      const side = 2 * r - 2;
      return svg(
        "g",
        { class: `oh-entity oh-entity-${ent.kind}`, "data-entity": ent.id },
        svg("rect", { x: x - side / 2, y: y - side / 2, width: side, height: side, rx: 3 }),
        svg("text", { x, y: y + font / 2.8, "text-anchor": "middle", "font-size": font - 1 }, tr(`oh.mark.${ent.kind}`)),
        svg("title", {}, `${entityName(ent.kind)} ${ent.cell}`),
      );
    }
    return svg(
      "g",
      { class: `oh-phantom${view().phantom.revealed ? " revealed" : ""}`, "data-phantom": cell },
      svg("path", { d: ghostPath(x, y, 1.8 * r) }),
      svg("circle", { cx: x - r * 0.36, cy: y - r * 0.45, r: Math.max(1.6, r * 0.17), class: "oh-eye" }),
      svg("circle", { cx: x + r * 0.36, cy: y - r * 0.45, r: Math.max(1.6, r * 0.17), class: "oh-eye" }),
      svg("title", {}, `${tr("oh.legend.phantom")} ${cell}`),
    );
  }

  // A hunter's letter on its token and its row: distinct for every hero (the Engineer E, the
  // Exorcist X), in the interface's language.
  const hunterMark = (h) => ctx.tOr(`oh.mark.${h}`, hunterName(h).slice(0, 1).toUpperCase());

  // The acting hunter's turn in words: its roll and how far it may move, or that a Horror keeps it
  // in place (no roll then), with what it has done.
  function hunterTurnText(turn) {
    const hunter = view().hunters.find((x) => x.name === turn.hunter);
    const bits = [hunterName(turn.hunter)];
    if (hunter?.horrified || turn.die === null) bits.push(tr("oh.horrifiedTurn"));
    else bits.push(tr(turn.move_allowance === 1 ? "oh.moveDieOne" : "oh.moveDie", { die: turn.die, n: turn.move_allowance }));
    let text = bits.join(" ");
    if (turn.moved) text += ` · ${tr("oh.moved")}`;
    if (turn.guessed) text += ` · ${tr("oh.guessed")}`;
    return text;
  }

  function seatIndex(name) {
    const seats = frame?.seats ?? [];
    const found = seats.find((s) => s.name === name);
    return found ? found.seat : 0;
  }

  // The cells a click on the house can choose, for the current tool.
  function cellTools() {
    const tools = {};
    for (const kind of ["move", "trap", "attack_pentagram"]) {
      const list = ofKind(kind);
      if (list.length) tools[kind] = Object.fromEntries(list.map((a) => [a.to ?? a.cell, a]));
    }
    return tools;
  }

  // The texts of the cell actions open to the acting hunter (what its token on the map leads to).
  function cellActionTexts() {
    const texts = Object.values(cellTools()).flatMap((byCell) => Object.values(byCell).map(textOf));
    return texts.length ? texts.join("\n") : null;
  }

  // Steps on the private map: the cell next to the Phantom's cell in the step's direction.
  function stepTargets() {
    const v = view();
    if (!v.private) return {};
    const cell = v.private.cell;
    const out = {};
    for (const a of ofKind("step")) {
      const [c, r] = [colOf(cell), rowOf(cell)];
      const next = { north: [c, r + 1], south: [c, r - 1], east: [c + 1, r], west: [c - 1, r] }[a.dir];
      out[`${String.fromCharCode(65 + next[0])}${next[1]}`] = a;
    }
    return out;
  }

  // --- the side panel -----------------------------------------------------------------------

  function timeTrack() {
    const v = view();
    const box = el("div", { class: "oh-track", id: "oh-time" }, el("h3", {}, tr("oh.time")));
    const row = el("div", { class: "oh-pips" });
    for (let i = 1; i <= v.time.rounds; i++) row.append(el("span", { class: `oh-pip${i < v.time.round ? " past" : i === v.time.round ? " now" : ""}` }, String(i)));
    box.append(row, el("div", { class: "oh-small" }, tr("oh.round", { n: v.time.round, of: v.time.rounds })));
    return box;
  }

  function damageTrack() {
    const v = view();
    const box = el("div", { class: "oh-track", id: "oh-damage" }, el("h3", {}, tr("oh.damage")));
    const row = el("div", { class: "oh-pips" });
    for (let i = 1; i <= v.phantom.banishment; i++) row.append(el("span", { class: `oh-pip dmg${i <= v.phantom.damage ? " hit" : ""}` }, String(i)));
    box.append(row, el("div", { class: "oh-small" }, `${v.phantom.damage} / ${v.phantom.banishment}`));
    box.append(el("div", { class: "oh-small" }, tr("oh.relicsDestroyed", { n: v.relics_destroyed, of: v.relics.length })));
    return box;
  }

  function cardChip(card, face, action) {
    const name = cardName(card[face]);
    const node = el(action ? "button" : "span", { class: `oh-card oh-card-${card[face]}${action ? " target" : ""}`, "data-card": card.id, "data-action": action ? textOf(action) : null, title: `#${card.id}: ${cardName(card.phantom)} / ${cardName(card.hunter)}` }, el("b", {}, `#${card.id}`), " ", name);
    if (action) node.addEventListener("click", () => pick.send(action));
    return node;
  }

  function hunterPanel() {
    const v = view();
    const box = el("div", { class: "oh-hunters", id: "oh-hunters" }, el("h3", {}, tr("oh.hunters")));
    const orders = Object.fromEntries(ofKind("start_turn").map((a) => [a.hunter, a]));
    for (const h of v.hunters) {
      const bits = [];
      if (h.active) bits.push(tr("oh.active"));
      if (h.done) bits.push(tr("oh.done"));
      if (h.horrified) bits.push(tr("oh.horrified"));
      if (h.loses_next_turn) bits.push(tr("oh.losesTurn"));
      if (h.ability_used) bits.push(tr("oh.abilityUsed"));
      const order = orders[h.name];
      const head = el(
        order ? "button" : "div",
        { class: `oh-hunter-head${order ? " target" : ""}${h.active ? " active" : ""}`, "data-hunter-order": order ? h.name : null, "data-action": order ? textOf(order) : null },
        el("span", { class: "oh-dot oh-token-key", style: `background:${HUNTER_FILL[h.name] ?? "#777"};color:${HUNTER_INK[h.name] ?? "#fff"}`, "aria-hidden": "true" }, hunterMark(h.name)),
        el("b", {}, hunterName(h.name)),
        ` · ${ctx.seatName(seatIndex(h.seat))} · ${h.cell}`,
      );
      if (order) head.addEventListener("click", () => pick.send(order));
      const cards = el("div", { class: "oh-cards" }, h.cards.length ? h.cards.map((c) => cardChip(c, "hunter")) : el("span", { class: "oh-small" }, tr("oh.none")));
      box.append(el("div", { class: "oh-hunter-row" }, head, bits.length ? el("div", { class: "oh-small" }, bits.join(" · ")) : null, cards));
    }
    return box;
  }

  function phantomPanel() {
    const v = view();
    const p = v.phantom;
    const box = el("div", { class: "oh-phantom-panel", id: "oh-phantom-panel" }, el("h3", {}, tr("oh.legend.phantom")));
    const bits = [p.revealed ? tr("oh.revealed", { cell: p.cell ?? v.private?.cell ?? "?" }) : tr("oh.hidden"), tr("oh.hand", { n: p.hand_size })];
    if (p.die !== null) bits.push(tr("oh.die", { n: p.die }), p.steps_left === 1 ? tr("oh.stepLeft") : tr("oh.stepsLeft", { n: p.steps_left }));
    bits.push(tr("oh.cardsThisTurn", { n: p.cards_this_turn }), tr("oh.laidLast", { n: p.laid_last_turn }));
    if (p.opening_turn) bits.push(tr(p.opening_turns_left === 1 ? "oh.openingLeave" : "oh.opening"));
    if (p.round_ending) bits.push(tr("oh.roundEnding"));
    box.append(el("div", { class: "oh-small" }, bits.join(" · ")));
    // The rule option three-hunters=balanced, shown to every seat: a free second fright pending,
    // and a Phantom named this phase (no second naming before its next turn).
    if (p.horror_left > 0) box.append(el("div", { class: "oh-small oh-variant", id: "oh-horror-left" }, tr("oh.horrorLeft", { n: p.horror_left })));
    if (p.named) box.append(el("div", { class: "oh-small oh-variant", id: "oh-named" }, tr("oh.named")));
    box.append(el("div", { class: "oh-cards" }, p.action_cards.length ? p.action_cards.map((c) => cardChip(c, "phantom")) : el("span", { class: "oh-small" }, tr("oh.none"))));
    if (v.side === "hunters") {
      if (v.checked_route) box.append(el("div", { class: "oh-small", id: "oh-checked-route" }, tr("oh.checkedRoute", { dirs: v.checked_route.map((d) => `${ARROW[d]} ${dirName(d)}`).join(", ") })));
      box.append(el("div", { class: "oh-small", id: "oh-traps-set" }, tr("oh.trapsSet", { n: v.traps_set })));
      if (ctx.options?.["heat-map"]) box.append(el("div", { class: "oh-small", id: "oh-possible-count" }, tr("oh.possible", { n: v.possible_cells?.length ?? 0 })));
    }
    return box;
  }

  // The Phantom's hand of Move cards: a card per direction with its count; playable ones lit.
  function handPanel() {
    const v = view();
    const priv = v.private;
    const steps = Object.fromEntries(ofKind("step").map((a) => [a.dir, a]));
    const box = el("div", { class: "oh-hand", id: "oh-hand" }, el("h3", {}, tr("oh.yourHand")));
    const row = el("div", { class: "oh-move-cards" });
    for (const d of DIRS) {
      const action = steps[d];
      const card = el(
        action ? "button" : "div",
        { class: `oh-move-card${action ? " target" : ""}${priv.hand[d] ? "" : " empty"}`, "data-dir": d, "data-action": action ? textOf(action) : null, title: action ? actionLabel(action) : dirName(d) },
        el("span", { class: "oh-arrow" }, ARROW[d]),
        el("span", { class: "oh-count" }, `× ${priv.hand[d]}`),
        el("span", { class: "oh-small" }, dirName(d)),
      );
      if (action) card.addEventListener("click", () => pick.send(action));
      row.append(card);
    }
    box.append(row);
    if (priv.laid.length) box.append(el("div", { class: "oh-small" }, `${tr("oh.laid")}: ${priv.laid.map((d) => ARROW[d]).join(" ")}`));
    box.append(el("div", { class: "oh-small" }, `${tr("oh.route")}: ${priv.route.map((r) => r.cell).join(" → ")}`));
    return box;
  }

  function legend() {
    const items = ["corridor", "dark", "furnished", "damp"].map((k) => el("span", { class: "oh-key" }, el("i", { class: `oh-swatch oh-${k}` }), tr(`oh.legend.${k}`)));
    items.push(el("span", { class: "oh-key" }, el("i", { class: "oh-swatch oh-relic-key" }), tr("oh.legend.relic")), el("span", { class: "oh-key" }, el("i", { class: "oh-swatch oh-pentagram-key" }), tr("oh.legend.pentagram")), el("span", { class: "oh-key" }, el("i", { class: "oh-swatch oh-trail-key" }), tr("oh.legend.trail")));
    for (const kind of ["shadows", "poltergeist", "slime"]) {
      items.push(el("span", { class: "oh-key" }, el("i", { class: `oh-entity-key oh-entity-key-${kind}`, "aria-hidden": "true" }, tr(`oh.mark.${kind}`)), entityName(kind)));
    }
    if (view().side === "hunters") items.push(el("span", { class: "oh-key" }, el("i", { class: "oh-swatch oh-trap-key" }), tr("oh.legend.trap")));
    if (view().side === "hunters" && ctx.options?.["heat-map"]) items.push(el("span", { class: "oh-key" }, el("i", { class: "oh-swatch oh-possible-key" }), tr("oh.legend.possible")));
    return el("div", { class: "oh-legend" }, items);
  }

  // --- the decision -------------------------------------------------------------------------

  function renderDecision(tools) {
    const v = view();
    decisionBox.replaceChildren();
    const d = frame.decision;
    if (!d || ctx.mode !== "play") {
      // Nothing to choose: the page's status bar says whom the table waits for, the status line
      // below the phase.
      decisionBox.hidden = true;
      return;
    }
    decisionBox.hidden = false;
    decisionBox.append(el("h2", {}, tr("oh.yourMove", { what: ctx.tOr(`oh.decision.${d.name}`, d.name) })));
    decisionBox.append(el("p", { class: "oh-prompt" }, engineText(d.prompt)));
    const used = new Set();
    // Setup: the hero cards on offer, each a button with its text.
    const heroes = Object.fromEntries(ofKind("choose_hero").map((a) => [a.hunter, a]));
    if (Object.keys(heroes).length && v.heroes) {
      decisionBox.append(el("p", { class: "oh-hint" }, tr("oh.hint.hero")));
      const offer = el("div", { class: "oh-cards oh-heroes", id: "oh-heroes" }, el("span", { class: "oh-small" }, `${tr("oh.heroesOffer")}:`));
      for (const h of v.heroes.offered) {
        const action = heroes[h.name];
        const b = el(action ? "button" : "span", { class: `oh-card oh-hero${action ? " target" : ""}`, "data-hero": h.name, "data-action": action ? textOf(action) : null, title: heroText(h) }, el("b", {}, hunterName(h.name)), " ", el("span", { class: "oh-small" }, heroText(h)));
        if (action) b.addEventListener("click", () => pick.send(action));
        offer.append(b);
      }
      decisionBox.append(offer);
      used.add("choose_hero");
    }
    // Twilight's cards left to the hunters: each card with a button per hunter to give it to.
    const gives = ofKind("give_card");
    if (gives.length && v.sharing) {
      decisionBox.append(el("p", { class: "oh-hint" }, tr("oh.hint.share")));
      const share = el("div", { class: "oh-share", id: "oh-share" }, el("span", { class: "oh-small" }, `${tr("oh.shareOffer")}:`));
      for (const c of v.sharing.available) {
        const row = el("div", { class: "oh-share-row", "data-card": c.id }, cardChip(c, "hunter"));
        for (const a of gives.filter((g) => String(g.card) === String(c.id))) {
          const b = el("button", { class: "small oh-give target", "data-card": c.id, "data-hunter": a.hunter, "data-action": textOf(a), title: actionLabel(a) }, hunterName(a.hunter));
          b.addEventListener("click", () => pick.send(a));
          row.append(b);
        }
        share.append(row);
      }
      decisionBox.append(share);
      used.add("give_card");
    }
    // Twilight's cards.
    const takes = ofKind("take_card");
    if (takes.length && v.twilight) {
      const byId = Object.fromEntries(takes.map((a) => [String(a.card), a]));
      decisionBox.append(el("p", { class: "oh-hint" }, tr("oh.hint.take"), " ", tr("oh.twilightQuota", { n: v.twilight.quota })));
      decisionBox.append(
        el(
          "div",
          { class: "oh-cards oh-offer", id: "oh-offer" },
          v.twilight.available.map((c) => {
            const b = cardChip(c, "phantom", byId[String(c.id)]);
            b.append(el("span", { class: "oh-small" }, ` / ${cardName(c.hunter)}`));
            return b;
          }),
        ),
      );
      used.add("take_card");
    }
    if (ofKind("step").length) {
      decisionBox.append(el("p", { class: "oh-hint" }, tr("oh.hint.step")));
      used.add("step");
    }
    // The hunter to go next: a button per hunter here, beside the prompt (the hunters' rows in
    // the side panel take the same click).
    const orders = ofKind("start_turn");
    if (orders.length) {
      decisionBox.append(el("p", { class: "oh-hint" }, tr("oh.hint.order")));
      const bar = el("div", { class: "actions oh-actions oh-order", id: "oh-order" });
      for (const a of orders) {
        const b = el("button", { class: "action oh-action oh-act-start_turn", "data-kind": "start_turn", "data-hunter": a.hunter, "data-action": textOf(a), disabled: pick.busy }, el("span", { class: "oh-dot", style: `background:${HUNTER_FILL[a.hunter] ?? "#777"}`, "aria-hidden": "true" }), " ", actionLabel(a));
        b.addEventListener("click", () => pick.send(a));
        bar.append(b);
      }
      decisionBox.append(bar);
      used.add("start_turn");
    }
    const kinds = Object.keys(tools);
    if (kinds.length) {
      const bar = el("div", { class: "oh-tools", id: "oh-tools" }, el("span", {}, tr("oh.tool")));
      for (const k of kinds) {
        const leads = Object.values(tools[k]).map(textOf).join("\n");
        const b = el("button", { class: `small oh-tool${k === tool ? " current" : ""}`, "data-tool": k, "data-actions": leads }, tr(`oh.tool.${k}`));
        b.addEventListener("click", () => {
          tool = k;
          render();
        });
        bar.append(b);
        used.add(k);
      }
      decisionBox.append(bar);
    }
    // Everything else: buttons, in the engine's order.
    const rest = actions().filter((x) => !used.has(x.action.kind));
    if (rest.length) {
      const bar = el("div", { class: "actions oh-actions" });
      for (const x of rest) {
        const b = el("button", { class: `action oh-action oh-act-${x.action.kind}`, "data-kind": x.action.kind, disabled: pick.busy }, actionLabel(x.action));
        b.dataset.action = x.text;
        b.addEventListener("click", () => pick.send(x.action));
        bar.append(b);
      }
      decisionBox.append(bar);
    }
    if (pick.refusal) decisionBox.append(el("p", { class: "oh-refusal" }, tr("oh.refused", { reason: pick.refusal })));
    const all = el("details", { class: "oh-all" }, el("summary", {}, tr("oh.allActions")));
    // In words, each a button: every action reachable from the keyboard, the board's included.
    all.append(
      el(
        "ul",
        {},
        actions().map((x) => {
          const b = el("button", { type: "button", class: "small oh-any", "data-action": x.text, disabled: pick.busy }, actionLabel(x.action));
          b.addEventListener("click", () => pick.send(x.action));
          return el("li", {}, b);
        }),
      ),
    );
    decisionBox.append(all);
  }

  function renderResult() {
    const v = view();
    const old = root.querySelector("#oh-result");
    old?.remove();
    if (!v.winner) return;
    const mySide = v.side === "phantom" ? "phantom" : v.side === "hunters" ? "hunters" : null;
    const head = mySide ? tr(mySide === v.winner ? "oh.victory" : "oh.defeat") : "";
    const box = el("section", { class: `oh-result ${mySide === v.winner ? "won" : "lost"}`, id: "oh-result" }, el("h2", {}, [head, tr(`oh.result.${v.winner}`)].filter(Boolean).join(" · ")));
    screen.insertBefore(box, status);
  }

  function renderCover() {
    const needed = hotSeat && frame && !shown && frame.status !== "finished";
    cover.hidden = !needed;
    screen.classList.toggle("oh-covered", Boolean(needed));
    document.body.classList.toggle("oh-hot-covered", Boolean(needed));
    if (!needed) return;
    const seat = ctx.seatName(ctx.seat);
    const button = el("button", { class: "primary", id: "oh-show" }, tr("oh.cover.show", { seat }));
    button.addEventListener("click", () => {
      shown = true;
      render();
    });
    cover.replaceChildren(el("div", { class: "oh-cover-card" }, el("h2", {}, tr("oh.cover.title")), el("p", {}, tr("oh.cover.text", { seat })), button));
  }

  function render() {
    if (!frame) return;
    const v = view();
    // Hot seat: once this seat's decision is over, the screen covers itself for the next person.
    const has = Boolean(frame.decision);
    if (hotSeat && hadDecision && !has) shown = false;
    hadDecision = has;
    if (hotSeat && !shown && frame.status !== "finished") {
      // Covered: nothing of this seat's screen is drawn (the shell's log is hidden by the CSS).
      for (const box of [decisionBox, status, publicBox, privateBox, side, events]) box.replaceChildren();
      root.querySelector("#oh-result")?.remove();
      renderCover();
      return;
    }
    const tools = mine() ? cellTools() : {};
    if (!tools[tool]) tool = Object.keys(tools)[0] ?? null;
    renderDecision(tools);
    renderResult();
    // Status line.
    status.replaceChildren(
      ...[
      el("span", { class: "oh-phase" }, tr(`oh.phase.${v.phase}`)),
      v.hunter_turn ? el("span", { class: "oh-chip", id: "oh-hunter-turn" }, hunterTurnText(v.hunter_turn)) : null,
      v.twilight ? el("span", { class: "oh-chip" }, `${tr("oh.twilightAvailable")}: ${v.twilight.available.length}`) : null,
      ].filter(Boolean),
    );
    publicBox.replaceChildren(el("figcaption", {}, `${ctx.tOr(`oh.houseName.${v.house.name}`, v.house.name)} · ${tr("oh.publicMap")}`), publicMap);
    drawHouse(publicMap, { privateLayer: false, targets: tool && mine() ? tools[tool] : {} });
    if (v.private) {
      privateBox.hidden = false;
      privateBox.replaceChildren(el("figcaption", {}, tr("oh.privateMap")), privateMap);
      drawHouse(privateMap, { privateLayer: true, targets: mine() ? stepTargets() : {} });
    } else {
      privateBox.hidden = true;
      privateBox.replaceChildren();
    }
    side.replaceChildren(...[timeTrack(), damageTrack(), v.private ? handPanel() : null, phantomPanel(), hunterPanel(), legend()].filter(Boolean));
    zoom.render();
    renderEvents();
    renderCover();
  }

  // What happened: every line this seat may read, under a heading per round and phase (the
  // twilight's cards, each turn of the Phantom, each turn of the hunters).
  function renderEvents() {
    const { lines, missing } = history.upTo(view().log_length);
    let round = 0;
    let turns = 0;
    const head = (line) => {
      let m = /^Round (\d+) begins\./.exec(line);
      if (m) round = Number(m[1]);
      const opens = (key, text) => {
        turns += 1;
        return { key: `${round}-${turns}-${key}`, text: tr(text, { round }), opens: false };
      };
      if (m) return opens("twilight", "oh.history.twilight");
      if ((m = /^The Phantom rolls \d/.exec(line))) return opens("phantom", "oh.history.phantom");
      if (line === "The hunters' turn.") return opens("hunters", "oh.history.hunters");
      return null;
    };
    events.replaceChildren(
      el("h2", {}, tr("oh.events")),
      historyBox({
        prefix: "oh",
        label: tr("oh.events"),
        lines,
        missing,
        missingText: tr("oh.history.missing", { n: missing }),
        setup: tr("oh.history.setup"),
        head,
        word: engineText,
        old: events.querySelector(".oh-log"),
      }),
    );
  }

  // A hint of a cell action the current tool does not stand for: the house switches to its tool,
  // so that the suggested cell is drawn (and lit).
  const hintWatch = new MutationObserver(() => {
    const hinted = mine() ? actions().find((x) => x.text === document.body.dataset.hint) : null;
    const kind = hinted?.action.kind;
    if (!kind || kind === tool || !cellTools()[kind]) return;
    tool = kind;
    render();
  });
  hintWatch.observe(document.body, { attributes: true, attributeFilter: ["data-hint"] });

  return {
    update(next) {
      if (frame && next.version !== frame.version) pick.refusal = "";
      frame = next;
      noteCards(next.view);
      history.keep(next);
      render();
    },
    // The shell's log: a past action in the interface's language.
    logText(entry) {
      return frame ? actionLabel(entry.action, true) : null;
    },
    destroy() {
      hintWatch.disconnect();
      document.body.classList.remove("oh-hot-covered");
      root.replaceChildren();
    },
  };
}
