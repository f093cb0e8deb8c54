// The Ghost Stories table: the village and the four boards in SVG, every decision point played
// by clicking the board. It reads only the engine's view and the seat's legal actions (the
// `state` frame); no rule is worked out here. Contract: docs/protocol.md ("Table modules").

import { createHistory, historyBox } from "/static/js/history.js";
import { createPicker } from "/static/js/picking.js";
import { svg } from "/static/js/svg.js";
import { createZoom } from "/static/js/zoom.js";
import { GHOST_NAMES_ZH } from "/static/games/data/ghost-stories-zh.js";

// Hot seat: every seat sees the same table (no private hands), so the table passes to the next
// seat held in this browser at once, without a hand-over screen.
export const hotSeat = "switch";


// Geometry of the drawing (SVG units): tile side, depth of the steps and of a ghost card.
const T = 130;
const STEPS = 58;
const CARD = 150;
const D = STEPS + CARD + 10; // depth of a board strip
const SIZE = 2 * D + 3 * T;

const COLOURS = ["red", "green", "blue", "yellow", "black"];
const FILL = {
  red: "#c8453b",
  green: "#347a42",
  blue: "#3a6fb8",
  yellow: "#d9a520",
  black: "#33313b",
  white: "#f4f1e8",
  none: "#bbb",
};
const INK = { red: "#fff", green: "#fff", blue: "#fff", yellow: "#2b2207", black: "#fff", white: "#2b2207", none: "#222" };

// Texts: interface, tiles and powers (Chinese names from the Chinese rulebook's appendix),
// ghost abilities, decisions.
const EN = {
  "game.ghost-stories.title": "Ghost Stories",
  "game.ghost-stories.seat.taoist1": "Taoist 1",
  "game.ghost-stories.seat.taoist2": "Taoist 2",
  "game.ghost-stories.seat.taoist3": "Taoist 3",
  "game.ghost-stories.seat.taoist4": "Taoist 4",
  "game.ghost-stories.option.level": "Level",
  "game.ghost-stories.option.level.initiation": "Initiation",
  "game.ghost-stories.option.level.normal": "Normal",
  "game.ghost-stories.option.level.nightmare": "Nightmare",
  "game.ghost-stories.option.level.hell": "Hell",
  "game.ghost-stories.option.level.help": "Starting Qi and Tao tokens, the Yin-Yang, how many incarnations of Wu-Feng, the score.",
  "game.ghost-stories.option.haunted-tiles-lose": "Lost to haunted tiles",
  "game.ghost-stories.option.haunted-tiles-lose.help": "The team loses at the third haunted tile; or at the fourth at Initiation (the publisher's answer); or only when a ghost haunts past the last tile of its line (the Chinese rules).",
  "game.ghost-stories.option.haunted-tiles-lose.third": "Third haunted tile",
  "game.ghost-stories.option.haunted-tiles-lose.fourth-at-initiation": "Fourth at Initiation",
  "game.ghost-stories.option.haunted-tiles-lose.line-overflow": "Past the end of a line",
  "game.ghost-stories.option.initiation-qi": "Starting Qi at Initiation",
  "game.ghost-stories.option.initiation-qi.help": "Each Taoist's Qi at the start of an Initiation game (5 if Initiation is still too hard).",
  "game.ghost-stories.option.incarnations": "Incarnations at Nightmare and Hell",
  "game.ghost-stories.option.incarnations.help": "As the score sheet says (3 with 3-4 players, 2 with 1-2), or one more.",
  "game.ghost-stories.option.incarnations.score-sheet": "As on the score sheet",
  "game.ghost-stories.option.incarnations.four": "One more",
  "game.ghost-stories.option.neutral-boards": "Boards without a player",
  "game.ghost-stories.option.neutral-boards.help": "With 1-3 players: a board without a player starts with a player's Qi and draws ghosts until possessed (the Chinese rules), or never draws and starts with 3 Qi.",
  "game.ghost-stories.option.neutral-boards.chinese": "Draw ghosts",
  "game.ghost-stories.option.neutral-boards.no-draw": "Never draw, 3 Qi",
  "game.ghost-stories.option.power-tokens": "Used power tokens",
  "game.ghost-stories.option.power-tokens.help": "A used power token goes to the centre tile, where a Taoist ending the turn there picks it up (the Chinese rules), or its owner keeps it.",
  "game.ghost-stories.option.power-tokens.spent": "Go to the centre tile",
  "game.ghost-stories.option.power-tokens.kept": "Kept",
  "game.ghost-stories.option.pavilion": "Pavilion of the Heavenly Winds",
  "game.ghost-stories.option.pavilion.help": "The Pavilion moves the other Taoist to any tile, or one step.",
  "game.ghost-stories.option.pavilion.any-tile": "To any tile",
  "game.ghost-stories.option.pavilion.one-step": "One step",
  "game.ghost-stories.option.twin-winds": "Dance of the Twin Winds",
  "game.ghost-stories.option.twin-winds.help": "The other Taoist moves after the red Taoist's own move, or before it.",
  "game.ghost-stories.option.twin-winds.after-move": "After the move",
  "game.ghost-stories.option.twin-winds.before-move": "Before the move",
  "game.ghost-stories.option.watchman": "Night Watchman's Beat",
  "game.ghost-stories.option.watchman.help": "Sends every haunting figurine back onto its ghost card (the Chinese play aid), or only those of one board.",
  "game.ghost-stories.option.watchman.all-boards": "Every board",
  "game.ghost-stories.option.watchman.one-board": "One board",
  "game.ghost-stories.option.haunting-figurines": "Haunting figurines",
  "game.ghost-stories.option.haunting-figurines.help": "The box's 8 figurines are a limit (a haunter arriving when all are in use gets one later), or every haunter gets its own.",
  "game.ghost-stories.option.haunting-figurines.eight": "Eight, as in the box",
  "game.ghost-stories.option.haunting-figurines.unlimited": "As many as needed",
  "game.ghost-stories.option.solo": "Solo game",
  "game.ghost-stories.option.solo.help": "With one player: the red board shows Dance of the Peaks and the Pavilion moves your own Taoist (as a rules summary has it), or no change.",
  "game.ghost-stories.option.solo.reference": "Adjusted for one player",
  "game.ghost-stories.option.solo.plain": "No change",
  "game.ghost-stories.option.score-sheet": "Score sheet",
  "game.ghost-stories.option.score-sheet.help": "The English rulebook's score sheet, or the older one of the Chinese rules.",
  "game.ghost-stories.option.score-sheet.english": "English rulebook",
  "game.ghost-stories.option.score-sheet.chinese": "Chinese rules",
  "game.ghost-stories.outcome.win": "The Taoists won: Wu-Feng is defeated",
  "game.ghost-stories.outcome.loss": "The Taoists lost",
  "game.ghost-stories.outcome.unfinished": "Unfinished",
  "gs.tile.pavilion": "Pavilion of the Heavenly Winds",
  "gs.tile.sorcerer_hut": "Sorcerer's Hut",
  "gs.tile.taoist_altar": "Taoist Altar",
  "gs.tile.night_watchman": "Night Watchman's Beat",
  "gs.tile.herbalist_shop": "Herbalist's Shop",
  "gs.tile.buddhist_temple": "Buddhist Temple",
  "gs.tile.tea_house": "Tea House",
  "gs.tile.cemetery": "Cemetery",
  "gs.tile.circle_of_prayer": "Circle of Prayer",
  "gs.power.bottomless_pockets": "Bottomless Pockets",
  "gs.power.enfeeblement_mantra": "Enfeeblement Mantra",
  "gs.power.dance_of_the_peaks": "Dance of the Peaks",
  "gs.power.dance_of_the_twin_winds": "Dance of the Twin Winds",
  "gs.power.gods_favorite": "The Gods' Favorite",
  "gs.power.strength_of_a_mountain": "Strength of a Mountain",
  "gs.power.heavenly_gust": "Heavenly Gust",
  "gs.power.second_wind": "Second Wind",
  "gs.colour.red": "red",
  "gs.colour.green": "green",
  "gs.colour.blue": "blue",
  "gs.colour.yellow": "yellow",
  "gs.colour.black": "black",
  "gs.colour.white": "white",
  "gs.colour.none": "none",
  "gs.side.south": "south",
  "gs.side.west": "west",
  "gs.side.north": "north",
  "gs.side.east": "east",
  "gs.level.initiation": "Initiation",
  "gs.level.normal": "Normal",
  "gs.level.nightmare": "Nightmare",
  "gs.level.hell": "Hell",
  "gs.curse.blank": "blank",
  "gs.curse.haunt": "haunt",
  "gs.curse.ghost": "a ghost comes",
  "gs.curse.lose_tokens": "lose all Tao tokens",
  "gs.curse.lose_qi": "lose 1 Qi",
  "gs.ab.haunter": "Haunt",
  "gs.ab.haunter.tip": "Each Yin phase of its board its haunting figurine advances: card → first step → edge of the village, where it haunts the first active tile in front of it (and goes back onto the card).",
  "gs.ab.quick_haunter": "Fast haunt",
  "gs.ab.quick_haunter.tip": "Arrives with its haunting figurine already on the first step.",
  "gs.ab.curse": "Curse",
  "gs.ab.curse.tip": "Roll the curse die.",
  "gs.ab.summon": "Summon",
  "gs.ab.summon.tip": "A new ghost comes into play.",
  "gs.ab.tormentor": "Torment",
  "gs.ab.tormentor.tip": "Each Yin phase of its board: roll the curse die.",
  "gs.ab.lose_qi": "−Qi",
  "gs.ab.lose_qi.tip": "The Taoist of the active board loses 1 Qi.",
  "gs.ab.reward_tao": "+Tao",
  "gs.ab.reward_tao.tip": "Reward: Tao token(s) of your choice.",
  "gs.ab.reward_qi_or_yin_yang": "+Qi/☯",
  "gs.ab.reward_qi_or_yin_yang.tip": "Reward: 1 Qi or your Yin-Yang back.",
  "gs.ab.incarnation_reward": "+Qi ☯",
  "gs.ab.incarnation_reward.tip": "The team gains 1 Qi and a Yin-Yang.",
  "gs.ab.power_off": "Seal",
  "gs.ab.power_off.tip": "The board's power is sealed while this ghost is in play.",
  "gs.ab.dice_off": "No dice",
  "gs.ab.dice_off.tip": "Tao dice have no effect on this ghost.",
  "gs.ab.die_captive": "Takes a die",
  "gs.ab.die_captive.tip": "Every Taoist rolls one Tao die fewer while it is in play.",
  "gs.ab.tao_off": "No tokens",
  "gs.ab.tao_off.tip": "No Tao token may be used while it is in play.",
  "gs.ab.lose_tao_token": "−Token",
  "gs.ab.lose_tao_token.tip": "Lose 1 Tao token (each Yin phase when on the middle stone).",
  "gs.ab.white_off": "No white",
  "gs.ab.white_off.tip": "The white face of the Tao dice is not wild while it is in play.",
  "gs.ab.opposite_empty": "Opposite empty",
  "gs.ab.opposite_empty.tip": "Can only be exorcised when the opposite space is empty.",
  "gs.ab.haunt_now": "Haunts",
  "gs.ab.haunt_now.tip": "On arrival it haunts the first active tile in front of it.",
  "gs.ab.circle_clear": "Clears Circle",
  "gs.ab.circle_clear.tip": "The Circle of Prayer's token goes back to the supply.",
  "gs.ab.buddha_required": "Needs Buddha",
  "gs.ab.buddha_required.tip": "It can be exorcised only while a Buddha stands on its space.",
  "gs.ab.team": "(whole team)",
  "gs.stone.arrival": "In",
  "gs.stone.yin": "Yin",
  "gs.stone.exorcised": "Out",
  "gs.stone.arrival.tip": "When it comes into play",
  "gs.stone.yin.tip": "Every Yin phase of its board",
  "gs.stone.exorcised.tip": "When exorcised",
  "gs.incarnation": "Incarnation",
  "gs.resistance": "resistance {n}",
  "gs.haunted": "Haunted",
  "gs.mantra": "Mantra −1",
  "gs.mantra.tip": "The Enfeeblement Mantra: this ghost has 1 less resistance.",
  "gs.buddha": "Buddha",
  "gs.qi": "Qi",
  "gs.yinyang": "Yin-Yang",
  "gs.buddhas": "Buddhas",
  "gs.tokens": "Tao tokens",
  "gs.powerTokens": "power tokens",
  "gs.neutral": "neutral",
  "gs.neutralTitle": "Neutral board",
  "gs.possessed": "possessed",
  "gs.dead": "dead",
  "gs.sealed": "sealed",
  "gs.you": "you",
  "gs.active": "active",
  "gs.turn": "Turn {n}",
  "gs.activeBoard": "{side} board's turn",
  "gs.deck": "Deck {n}",
  "gs.deck.tip": "Ghost cards left; the next incarnation lies {k} cards down.",
  "gs.incarnations": "Incarnations {done}/{total}",
  "gs.hauntedTiles": "Haunted tiles {n}/{limit}",
  "gs.circle": "Circle's token",
  "gs.mantraOn": "Mantra on {space}",
  "gs.mantraFree": "Mantra free",
  "gs.mantraRemoved": "Mantra removed",
  "gs.supply": "Supply: {qi} Qi",
  "gs.dice": "Tao dice",
  "gs.curseDie": "Curse die",
  "gs.noDice": "not rolled yet",
  "gs.level": "Level: {level}",
  "gs.phase.yin": "Yin phase",
  "gs.phase.yang_move": "Yang: move",
  "gs.phase.yang_action": "Yang: action",
  "gs.phase.yang_buddha": "Yang: Buddha",
  "gs.phase.over": "Game over",
  "gs.result.win": "Victory! Wu-Feng is defeated.",
  "gs.result.loss": "Defeat",
  "gs.because": "({reason})",
  "gs.score": "Score {n}",
  "gs.events": "What happened",
  "gs.discard": "Discard pile ({n})",
  "gs.space": "{side} space {k}",
  "gs.yourMove": "Your move",
  "gs.waiting": "Waiting for {who}",
  "gs.spectating": "You are watching",
  "gs.hint.tile": "Click a highlighted tile:",
  "gs.hint.space": "Click a highlighted space or ghost:",
  "gs.hint.taoist": "Click a highlighted Taoist:",
  "gs.hint.board": "Click a highlighted board:",
  "gs.hint.colour": "Choose a colour.",
  "gs.hint.choose": "Choose one:",
  "gs.cancel": "Cancel",
  "gs.useYinYang": "Use the Yin-Yang",
  "gs.stopYinYang": "Back to normal actions",
  "gs.allActions": "All legal actions",
  "gs.refused": "Refused: {reason}",
  "gs.ghost": "Ghost",
  "gs.drawn": "Ghost drawn",
  "gs.decision.yang_move": "Move your Taoist",
  "gs.decision.yang_action": "Ask for help or exorcise",
  "gs.decision.yang_buddha": "Place a Buddha or end the turn",
  "gs.decision.place_ghost": "Place the ghost",
  "gs.decision.choose_victim": "Who takes the blow?",
  "gs.decision.reroll_tao_dice": "Reroll Tao dice?",
  "gs.decision.reroll_curse_die": "Reroll the curse die?",
  "gs.decision.resolve_exorcism": "Resolve the exorcism",
  "gs.decision.choose_token_colour": "Choose a Tao token",
  "gs.decision.herbalist_white": "Choose a Tao token",
  "gs.decision.qi_or_yin_yang": "Qi or Yin-Yang",
  "gs.decision.discard_token": "Discard a Tao token",
  "gs.decision.incarnation_qi": "Who gains the Qi?",
  "gs.decision.incarnation_yin_yang": "Who receives the Yin-Yang?",
  "gs.decision.pavilion_taoist": "Move another Taoist",
  "gs.kind.move": "move there",
  "gs.kind.stay": "stay",
  "gs.kind.place": "place the ghost",
  "gs.kind.place_buddha": "place a Buddha",
  "gs.kind.enfeeblement_mantra": "Enfeeblement Mantra",
  "gs.kind.exorcise": "exorcise",
  "gs.kind.banish": "exorcise",
  "gs.kind.ask_help": "ask for help",
  "gs.kind.yin_yang_help": "Yin-Yang: ask for help",
  "gs.kind.yin_yang_restore": "Yin-Yang: free the tile",
  "gs.kind.twin_winds": "Dance of the Twin Winds",
  "gs.kind.move_taoist": "move that Taoist",
  "gs.kind.use_power_token": "use a power token",
  "gs.kind.bottomless_pockets": "Bottomless Pockets",
  "gs.kind.take_token": "take",
  "gs.kind.discard": "discard",
  "gs.kind.volunteer": "takes the blow",
  "gs.kind.give_qi": "gains the Qi",
  "gs.kind.give_yin_yang": "receives the Yin-Yang",
  "gs.act.move": "Move to {tile}",
  "gs.act.stay": "Stay on {tile}",
  "gs.act.place": "Place it on {space}",
  "gs.act.place_buddha": "Place a Buddha on {space}",
  "gs.act.end_turn": "End the turn",
  "gs.act.exorcise": "Exorcise",
  "gs.act.skip_action": "Do nothing",
  "gs.act.ask_help": "Ask {tile} for help",
  "gs.act.yin_yang_help": "Yin-Yang: help of {tile}",
  "gs.act.yin_yang_restore": "Yin-Yang: free {tile}",
  "gs.act.twin_winds": "Twin Winds: move {taoist} to {tile}",
  "gs.act.move_taoist": "Move {taoist} to {tile}",
  "gs.act.use_power_token": "Power token: borrow the {side} board's power",
  "gs.act.bottomless_pockets": "Bottomless Pockets: take {colour}",
  "gs.act.enfeeblement_mantra": "Mantra on {ghost}",
  "gs.act.volunteer": "{taoist} takes it",
  "gs.act.give_qi": "{taoist} gains the Qi",
  "gs.act.give_yin_yang": "{taoist} receives the Yin-Yang",
  "gs.act.take_token": "Take {colour}",
  "gs.act.discard": "Discard {colour}",
  "gs.act.gain_qi": "Gain 1 Qi",
  "gs.act.regain_yin_yang": "Take the Yin-Yang back",
  "gs.act.gain_nothing": "Gain nothing",
  "gs.act.keep_curse": "Keep the curse die",
  "gs.act.reroll_curse": "Reroll the curse die",
  "gs.act.reroll": "Reroll {dice}",
  "gs.act.rerollNone": "Keep the dice",
  "gs.act.banish": "Exorcise {ghosts}",
  "gs.act.banishTokens": "spending {tokens}",
  "gs.act.give_up": "Let the exorcism fail",
  "gs.param.taoist": "{taoist}",
  "gs.param.colour": "{colour}",
  "gs.param.board": "the {side} board",
  "gs.param.ghost": "{ghost}",
  "gs.param.ghostTo": "{ghost} → {space}",
  "gs.param.restore": "free {tile}",
  "gs.taoist": "the {colour} Taoist",
  "gs.die": "die {i} ({face})",
  "gs.log.die": "die {i}",
  "gs.log.stay": "Stay put",
  "gs.decision.end_turn": "End your turn",
  "gs.buddhaFresh": "Buddha taken this turn: it can be placed from the next turn",
  "gs.setup": "Setup",
  "gs.eventsMissing": "{n} earlier events were not received; the replay shows them all once the game is over.",
  "gs.rolledBy": "rolled by {who}",
  "gs.rolledByTurn": "rolled by {who}, turn {turn}",
  "gs.herbalistRoll": "the Herbalist's dice, for {who}",
  "gs.exorcised": "{who} exorcises {ghosts}.",
  "gs.banished": "The Sorcerer banishes {ghost}.",
  "gs.trapped": "A Buddha traps {ghost}.",
  "gs.failed": "The exorcism fails.",
  "gs.failedWhy": "Why:",
  "gs.why.tokens": "no Tao token may be used while {ghost} is in play (No tokens)",
  "gs.why.white": "the white face is not wild while {ghost} is in play (No white)",
  "gs.why.dice": "Tao dice have no effect on {ghost} (No dice)",
  "gs.why.buddha": "{ghost} can be exorcised only with a Buddha on its space",
  "gs.why.opposite": "{ghost} can be exorcised only while the opposite space is empty",
  "gs.why.needs": "{ghost} needs {need}; the dice show {dice}",
  "gs.why.noDice": "no die was rolled",
  "gs.preview.close": "Close",
  "gs.preview.hint": "Click or long-press a tile, a ghost or a board to read its text.",
  "gs.preview.tokens": "Tao tokens: {tokens}",
  "gs.ghostsOn": "Ghosts: {n}",
};

const ZH = {
  "game.ghost-stories.title": "鬼故事",
  "game.ghost-stories.seat.taoist1": "道士 1",
  "game.ghost-stories.seat.taoist2": "道士 2",
  "game.ghost-stories.seat.taoist3": "道士 3",
  "game.ghost-stories.seat.taoist4": "道士 4",
  "game.ghost-stories.option.level": "难度",
  "game.ghost-stories.option.level.initiation": "徒弟",
  "game.ghost-stories.option.level.normal": "普通",
  "game.ghost-stories.option.level.nightmare": "噩梦",
  "game.ghost-stories.option.level.hell": "地狱",
  "game.ghost-stories.option.level.help": "起始真气与道术指示物、阴阳指示物、九幽之主化身的数量以及计分。",
  "game.ghost-stories.option.haunted-tiles-lose": "被入侵地点导致失败",
  "game.ghost-stories.option.haunted-tiles-lose.help": "第3个地点被入侵时失败；徒弟难度下第4个（出版商的解答）；或者只有厉鬼越过其一行的最后一个地点时失败（中文规则）。",
  "game.ghost-stories.option.haunted-tiles-lose.third": "第3个被入侵地点",
  "game.ghost-stories.option.haunted-tiles-lose.fourth-at-initiation": "徒弟难度下第4个",
  "game.ghost-stories.option.haunted-tiles-lose.line-overflow": "越过一行的尽头",
  "game.ghost-stories.option.initiation-qi": "徒弟难度的起始真气",
  "game.ghost-stories.option.initiation-qi.help": "徒弟难度开局时每名道士的真气（若徒弟难度仍太难，可选5点）。",
  "game.ghost-stories.option.incarnations": "噩梦与地狱难度的化身数",
  "game.ghost-stories.option.incarnations.help": "按计分表（3-4人3个，1-2人2个），或者多1个。",
  "game.ghost-stories.option.incarnations.score-sheet": "按计分表",
  "game.ghost-stories.option.incarnations.four": "多1个",
  "game.ghost-stories.option.neutral-boards": "无人控制的游戏板",
  "game.ghost-stories.option.neutral-boards.help": "1-3人游戏时：中立者游戏板以玩家的真气开局并抓厉鬼牌直到陷入狂乱（中文规则），或者从不抓牌、以3点真气开局。",
  "game.ghost-stories.option.neutral-boards.chinese": "抓厉鬼牌",
  "game.ghost-stories.option.neutral-boards.no-draw": "不抓牌，3点真气",
  "game.ghost-stories.option.power-tokens": "用过的傀儡指示物",
  "game.ghost-stories.option.power-tokens.help": "用过的傀儡指示物放到村庄正中的地点，在那里结束回合的道士可以拿取（中文规则），或者由其主人保留。",
  "game.ghost-stories.option.power-tokens.spent": "放到村庄正中",
  "game.ghost-stories.option.power-tokens.kept": "保留",
  "game.ghost-stories.option.pavilion": "风神使者的居所",
  "game.ghost-stories.option.pavilion.help": "风神把另一名道士移到任意地点，或者只移动1格。",
  "game.ghost-stories.option.pavilion.any-tile": "任意地点",
  "game.ghost-stories.option.pavilion.one-step": "移动1格",
  "game.ghost-stories.option.twin-winds": "千里传音",
  "game.ghost-stories.option.twin-winds.help": "另一名道士在红色道士移动之后移动，或者在之前。",
  "game.ghost-stories.option.twin-winds.after-move": "移动之后",
  "game.ghost-stories.option.twin-winds.before-move": "移动之前",
  "game.ghost-stories.option.watchman": "夜哨",
  "game.ghost-stories.option.watchman.help": "把所有厉鬼模型移回它们的厉鬼牌上（中文规则的帮助卡），或者只移回一个游戏板上的。",
  "game.ghost-stories.option.watchman.all-boards": "所有游戏板",
  "game.ghost-stories.option.watchman.one-board": "一个游戏板",
  "game.ghost-stories.option.haunting-figurines": "厉鬼模型",
  "game.ghost-stories.option.haunting-figurines.help": "盒中的8个模型是上限（全部在用时进场的入侵型厉鬼稍后才得到模型），或者每个入侵型厉鬼都有自己的模型。",
  "game.ghost-stories.option.haunting-figurines.eight": "8个，与盒中相同",
  "game.ghost-stories.option.haunting-figurines.unlimited": "不限数量",
  "game.ghost-stories.option.solo": "单人游戏",
  "game.ghost-stories.option.solo.help": "单人时：红色游戏板使用驾风乘云，风神移动你自己的道士（按一份规则摘要），或者不作调整。",
  "game.ghost-stories.option.solo.reference": "按单人调整",
  "game.ghost-stories.option.solo.plain": "不调整",
  "game.ghost-stories.option.score-sheet": "计分表",
  "game.ghost-stories.option.score-sheet.help": "英文规则书的计分表，或者中文规则中较早的计分表。",
  "game.ghost-stories.option.score-sheet.english": "英文规则书",
  "game.ghost-stories.option.score-sheet.chinese": "中文规则",
  "game.ghost-stories.outcome.win": "道士们获胜：九幽之主被击败",
  "game.ghost-stories.outcome.loss": "道士们失败",
  "game.ghost-stories.outcome.unfinished": "未结束",
  "gs.tile.pavilion": "风神使者的居所",
  "gs.tile.sorcerer_hut": "方士居所",
  "gs.tile.taoist_altar": "法坛",
  "gs.tile.night_watchman": "夜哨",
  "gs.tile.herbalist_shop": "药铺",
  "gs.tile.buddhist_temple": "寺庙",
  "gs.tile.tea_house": "茶舍",
  "gs.tile.cemetery": "墓地",
  "gs.tile.circle_of_prayer": "诵经法阵",
  "gs.power.bottomless_pockets": "如意乾坤袋",
  "gs.power.enfeeblement_mantra": "净法真言",
  "gs.power.dance_of_the_peaks": "驾风乘云",
  "gs.power.dance_of_the_twin_winds": "千里传音",
  "gs.power.gods_favorite": "奇门遁甲",
  "gs.power.strength_of_a_mountain": "力能担山",
  "gs.power.heavenly_gust": "一念三千",
  "gs.power.second_wind": "吐纳",
  "gs.tiletext.cemetery": "复活一个死亡的道士，复活时带有2点真气，然后掷1个邪咒骰（若掷出厉鬼入侵，则直接入侵墓地）。",
  "gs.tiletext.taoist_altar": "把某个被厉鬼入侵的地点恢复正常（翻回正面），然后抓1张新厉鬼牌入场。",
  "gs.tiletext.herbalist_shop": "掷2个道术骰，拿取骰子结果对应的2个道术指示物。白色相当于任意颜色。",
  "gs.tiletext.sorcerer_hut": "失去1点真气，消灭一只厉鬼（弃掉厉鬼牌，化身除外），无须执行它的离场能力。",
  "gs.tiletext.buddhist_temple": "获得1个佛像，你可以从下个回合起使用它。",
  "gs.tiletext.night_watchman": "把一个游戏板上的厉鬼模型移回它们所属的厉鬼牌上。",
  "gs.tiletext.circle_of_prayer": "拿取1个道术指示物放到诵经法阵上，或者替换现有的指示物：所有同色厉鬼抗性减1。",
  "gs.tiletext.pavilion": "把一只厉鬼移动到任意厉鬼空位（可以是放置有佛像的空位），然后把另一个道士移动到某个地点。",
  "gs.tiletext.tea_house": "获得1个任意颜色的道术指示物和1点真气，然后抓1张新厉鬼牌入场。",
  "gs.powertext.bottomless_pockets": "在移动步骤之前，拿取一个任意颜色的道术指示物。",
  "gs.powertext.enfeeblement_mantra": "在移动步骤之前，把净法真言指示物放置到某个厉鬼牌上：该厉鬼抗性减1。",
  "gs.powertext.dance_of_the_peaks": "在移动步骤，可以移动到村庄的任意地点。",
  "gs.powertext.dance_of_the_twin_winds": "移动之后，可以将另一名道士移动1格。",
  "gs.powertext.gods_favorite": "掷骰之后可以重掷任意道术骰，也可以重掷邪咒骰一次，结果必须接受。",
  "gs.powertext.strength_of_a_mountain": "驱鬼时掷4个道术骰，而且可以忽略邪咒骰。",
  "gs.powertext.heavenly_gust": "在行动步骤，可以同时执行请求援助和驱鬼2种行动。",
  "gs.powertext.second_wind": "在行动步骤，可以执行2次请求援助，或者执行2次驱鬼。",
  "gs.colour.red": "红",
  "gs.colour.green": "绿",
  "gs.colour.blue": "蓝",
  "gs.colour.yellow": "黄",
  "gs.colour.black": "黑",
  "gs.colour.white": "白",
  "gs.colour.none": "无",
  "gs.side.south": "南",
  "gs.side.west": "西",
  "gs.side.north": "北",
  "gs.side.east": "东",
  "gs.level.initiation": "徒弟",
  "gs.level.normal": "普通",
  "gs.level.nightmare": "噩梦",
  "gs.level.hell": "地狱",
  "gs.curse.blank": "空白",
  "gs.curse.haunt": "厉鬼入侵",
  "gs.curse.ghost": "新厉鬼入场",
  "gs.curse.lose_tokens": "弃掉所有道术指示物",
  "gs.curse.lose_qi": "减1点真气",
  "gs.ab.haunter": "入侵",
  "gs.ab.haunter.tip": "所在游戏板的每个阴之阵，厉鬼模型前进一步：厉鬼牌 → 第一级石阶 → 村庄边缘，入侵其面前第一个未被入侵的地点（然后回到厉鬼牌上）。",
  "gs.ab.quick_haunter": "速侵",
  "gs.ab.quick_haunter.tip": "进场时厉鬼模型直接放在村庄边缘的第一级石阶上。",
  "gs.ab.curse": "邪咒",
  "gs.ab.curse.tip": "掷1个邪咒骰。",
  "gs.ab.summon": "召鬼",
  "gs.ab.summon.tip": "抓1张新厉鬼牌入场。",
  "gs.ab.tormentor": "折磨",
  "gs.ab.tormentor.tip": "所在游戏板的每个阴之阵：掷1个邪咒骰。",
  "gs.ab.lose_qi": "−真气",
  "gs.ab.lose_qi.tip": "当前游戏板的道士失去1点真气。",
  "gs.ab.reward_tao": "+道术",
  "gs.ab.reward_tao.tip": "奖励：获得道术指示物，颜色任选。",
  "gs.ab.reward_qi_or_yin_yang": "+真气/☯",
  "gs.ab.reward_qi_or_yin_yang.tip": "奖励：获得1点真气或者恢复阴阳指示物。",
  "gs.ab.incarnation_reward": "+真气 ☯",
  "gs.ab.incarnation_reward.tip": "道士的队伍得到1点真气和1个阴阳指示物。",
  "gs.ab.power_off": "封魔",
  "gs.ab.power_off.tip": "厉鬼在场时，该游戏板的特殊能力被封。",
  "gs.ab.dice_off": "免骰",
  "gs.ab.dice_off.tip": "道术骰对这个厉鬼无效。",
  "gs.ab.die_captive": "夺骰",
  "gs.ab.die_captive.tip": "厉鬼在场时，所有玩家少掷1个道术骰。",
  "gs.ab.tao_off": "破法",
  "gs.ab.tao_off.tip": "厉鬼在场时，所有玩家都不能使用道术指示物。",
  "gs.ab.lose_tao_token": "−道术",
  "gs.ab.lose_tao_token.tip": "失去1个道术指示物（在中间符石上时，每个阴之阵一次）。",
  "gs.ab.white_off": "白面无效",
  "gs.ab.white_off.tip": "厉鬼在场时，道术骰的白色面不再百搭。",
  "gs.ab.opposite_empty": "对面须空",
  "gs.ab.opposite_empty.tip": "只有对面的厉鬼空位为空时才能驱除。",
  "gs.ab.haunt_now": "立即入侵",
  "gs.ab.haunt_now.tip": "进场时入侵其面前第一个未被入侵的地点。",
  "gs.ab.circle_clear": "清法阵",
  "gs.ab.circle_clear.tip": "诵经法阵上的道术指示物移回盒中。",
  "gs.ab.buddha_required": "需佛像",
  "gs.ab.buddha_required.tip": "只有其空位上有佛像时才能驱除。",
  "gs.ab.team": "（全队）",
  "gs.stone.arrival": "进",
  "gs.stone.yin": "阴",
  "gs.stone.exorcised": "离",
  "gs.stone.arrival.tip": "进场时",
  "gs.stone.yin.tip": "所在游戏板的每个阴之阵",
  "gs.stone.exorcised.tip": "被消灭时",
  "gs.incarnation": "九幽之主的化身",
  "gs.resistance": "抗性 {n}",
  "gs.haunted": "被入侵",
  "gs.mantra": "真言 −1",
  "gs.mantra.tip": "净法真言：这个厉鬼的抗性减1。",
  "gs.buddha": "佛像",
  "gs.qi": "真气",
  "gs.yinyang": "阴阳",
  "gs.buddhas": "佛像",
  "gs.tokens": "道术指示物",
  "gs.powerTokens": "傀儡指示物",
  "gs.neutral": "中立者",
  "gs.neutralTitle": "中立者游戏板",
  "gs.possessed": "狂乱",
  "gs.dead": "死亡",
  "gs.sealed": "已封",
  "gs.you": "你",
  "gs.active": "当前",
  "gs.turn": "第 {n} 回合",
  "gs.activeBoard": "{side}方游戏板的回合",
  "gs.deck": "牌库 {n}",
  "gs.deck.tip": "剩余厉鬼牌；下一张九幽之主的化身在第 {k} 张之下。",
  "gs.incarnations": "化身 {done}/{total}",
  "gs.hauntedTiles": "被入侵地点 {n}/{limit}",
  "gs.circle": "诵经法阵指示物",
  "gs.mantraOn": "净法真言在 {space}",
  "gs.mantraFree": "净法真言在手",
  "gs.mantraRemoved": "净法真言已移出游戏",
  "gs.supply": "供应：{qi} 真气",
  "gs.dice": "道术骰",
  "gs.curseDie": "邪咒骰",
  "gs.noDice": "尚未掷骰",
  "gs.level": "难度：{level}",
  "gs.phase.yin": "阴之阵",
  "gs.phase.yang_move": "阳之阵：移动",
  "gs.phase.yang_action": "阳之阵：行动",
  "gs.phase.yang_buddha": "阳之阵：佛像",
  "gs.phase.over": "游戏结束",
  "gs.result.win": "胜利！九幽之主被击败。",
  "gs.result.loss": "失败",
  "gs.because": "（{reason}）",
  "gs.score": "得分 {n}",
  "gs.events": "发生了什么",
  "gs.discard": "弃牌堆（{n}）",
  "gs.space": "{side}方第 {k} 空位",
  "gs.yourMove": "轮到你行动",
  "gs.waiting": "等待 {who}",
  "gs.spectating": "你在观战",
  "gs.hint.tile": "点击高亮的地点：",
  "gs.hint.space": "点击高亮的空位或厉鬼：",
  "gs.hint.taoist": "点击高亮的道士：",
  "gs.hint.board": "点击高亮的游戏板：",
  "gs.hint.colour": "选择一种颜色。",
  "gs.hint.choose": "选择其一：",
  "gs.cancel": "取消",
  "gs.useYinYang": "使用阴阳指示物",
  "gs.stopYinYang": "回到普通行动",
  "gs.allActions": "全部合法行动",
  "gs.refused": "被拒绝：{reason}",
  "gs.ghost": "厉鬼",
  "gs.drawn": "抓到的厉鬼",
  "gs.decision.yang_move": "移动你的道士",
  "gs.decision.yang_action": "请求援助或驱鬼",
  "gs.decision.yang_buddha": "放置佛像或结束回合",
  "gs.decision.place_ghost": "放置厉鬼",
  "gs.decision.choose_victim": "由谁站出来承受？",
  "gs.decision.reroll_tao_dice": "重掷道术骰？",
  "gs.decision.reroll_curse_die": "重掷邪咒骰？",
  "gs.decision.resolve_exorcism": "结算驱鬼",
  "gs.decision.choose_token_colour": "选择道术指示物",
  "gs.decision.herbalist_white": "选择道术指示物",
  "gs.decision.qi_or_yin_yang": "真气或阴阳",
  "gs.decision.discard_token": "弃掉一个道术指示物",
  "gs.decision.incarnation_qi": "谁获得真气？",
  "gs.decision.incarnation_yin_yang": "谁获得阴阳指示物？",
  "gs.decision.pavilion_taoist": "移动另一名道士",
  "gs.prompt.yang_move": "移动你的道士（或留在原地），移动前可以先使用能力。",
  "gs.prompt.yang_action": "请求村民援助、驱鬼，或者不行动。",
  "gs.prompt.yang_buddha": "把手中的佛像放在你面对的空位上，或者结束回合。",
  "gs.prompt.place_ghost": "选择厉鬼进场的空位。",
  "gs.prompt.choose_victim": "选择替中立者或狂乱的游戏板站出来的道士。",
  "gs.prompt.reroll_tao_dice": "奇门遁甲：选择要重掷的道术骰（不选则保留）。",
  "gs.prompt.reroll_curse_die": "奇门遁甲：接受或重掷邪咒骰。",
  "gs.prompt.resolve_exorcism": "选择被驱除的厉鬼和花费的道术指示物，或者放弃。",
  "gs.prompt.choose_token_colour": "选择你获得的道术指示物的颜色。",
  "gs.prompt.herbalist_white": "白色面：选择你获得的道术指示物的颜色。",
  "gs.prompt.qi_or_yin_yang": "获得1点真气，或者恢复你的阴阳指示物。",
  "gs.prompt.discard_token": "选择要弃掉的道术指示物。",
  "gs.prompt.incarnation_qi": "选择获得化身真气的道士。",
  "gs.prompt.incarnation_yin_yang": "选择获得化身阴阳指示物的道士。",
  "gs.prompt.pavilion_taoist": "风神：移动另一名道士。",
  "gs.kind.move": "移动到那里",
  "gs.kind.stay": "留在原地",
  "gs.kind.place": "放置厉鬼",
  "gs.kind.place_buddha": "放置佛像",
  "gs.kind.enfeeblement_mantra": "净法真言",
  "gs.kind.exorcise": "驱鬼",
  "gs.kind.banish": "驱鬼",
  "gs.kind.ask_help": "请求援助",
  "gs.kind.yin_yang_help": "阴阳：请求援助",
  "gs.kind.yin_yang_restore": "阴阳：恢复地点",
  "gs.kind.twin_winds": "千里传音",
  "gs.kind.move_taoist": "移动该道士",
  "gs.kind.use_power_token": "使用傀儡指示物",
  "gs.kind.bottomless_pockets": "如意乾坤袋",
  "gs.kind.take_token": "拿取",
  "gs.kind.discard": "弃掉",
  "gs.kind.volunteer": "站出来承受",
  "gs.kind.give_qi": "获得真气",
  "gs.kind.give_yin_yang": "获得阴阳指示物",
  "gs.act.move": "移动到{tile}",
  "gs.act.stay": "留在{tile}",
  "gs.act.place": "放在{space}",
  "gs.act.place_buddha": "在{space}放置佛像",
  "gs.act.end_turn": "结束回合",
  "gs.act.exorcise": "驱鬼",
  "gs.act.skip_action": "不行动",
  "gs.act.ask_help": "请求{tile}援助",
  "gs.act.yin_yang_help": "阴阳：{tile}的援助",
  "gs.act.yin_yang_restore": "阴阳：恢复{tile}",
  "gs.act.twin_winds": "千里传音：把{taoist}移到{tile}",
  "gs.act.move_taoist": "把{taoist}移到{tile}",
  "gs.act.use_power_token": "傀儡指示物：使用{side}方游戏板的能力",
  "gs.act.bottomless_pockets": "如意乾坤袋：拿取{colour}色",
  "gs.act.enfeeblement_mantra": "净法真言放在{ghost}上",
  "gs.act.volunteer": "{taoist}站出来",
  "gs.act.give_qi": "{taoist}获得真气",
  "gs.act.give_yin_yang": "{taoist}获得阴阳指示物",
  "gs.act.take_token": "拿取{colour}色",
  "gs.act.discard": "弃掉{colour}色",
  "gs.act.gain_qi": "获得1点真气",
  "gs.act.regain_yin_yang": "恢复阴阳指示物",
  "gs.act.gain_nothing": "什么也不获得",
  "gs.act.keep_curse": "接受邪咒骰",
  "gs.act.reroll_curse": "重掷邪咒骰",
  "gs.act.reroll": "重掷{dice}",
  "gs.act.rerollNone": "保留骰子",
  "gs.act.banish": "驱除{ghosts}",
  "gs.act.banishTokens": "花费{tokens}",
  "gs.act.give_up": "放弃驱鬼",
  "gs.param.taoist": "{taoist}",
  "gs.param.colour": "{colour}色",
  "gs.param.board": "{side}方游戏板",
  "gs.param.ghost": "{ghost}",
  "gs.param.ghostTo": "{ghost} → {space}",
  "gs.param.restore": "恢复{tile}",
  "gs.taoist": "{colour}色道士",
  "gs.die": "第 {i} 颗（{face}）",
  "gs.log.die": "第 {i} 颗",
  "gs.log.stay": "原地不动",
  "gs.decision.end_turn": "结束你的回合",
  "gs.buddhaFresh": "本回合拿到的佛像：从下个回合起才能放置",
  "gs.setup": "布置",
  "gs.eventsMissing": "更早的 {n} 条记录未收到；游戏结束后回放会显示全部记录。",
  "gs.rolledBy": "由{who}掷出",
  "gs.rolledByTurn": "由{who}掷出，第 {turn} 回合",
  "gs.herbalistRoll": "药铺的骰子，为{who}掷出",
  "gs.exorcised": "{who}驱除了{ghosts}。",
  "gs.banished": "方士消灭了{ghost}。",
  "gs.trapped": "佛像消灭了{ghost}。",
  "gs.failed": "驱鬼失败。",
  "gs.failedWhy": "原因：",
  "gs.why.tokens": "{ghost}在场时不能使用道术指示物（破法）",
  "gs.why.white": "{ghost}在场时道术骰的白色面不再百搭（白面无效）",
  "gs.why.dice": "道术骰对{ghost}无效（免骰）",
  "gs.why.buddha": "只有其空位上有佛像时才能驱除{ghost}",
  "gs.why.opposite": "只有对面的空位为空时才能驱除{ghost}",
  "gs.why.needs": "{ghost}需要{need}；骰子为{dice}",
  "gs.why.noDice": "没有掷骰",
  "gs.preview.close": "关闭",
  "gs.preview.hint": "点击或长按地点、厉鬼或游戏板，即可阅读其说明。",
  "gs.preview.tokens": "道术指示物：{tokens}",
  "gs.ghostsOn": "厉鬼：{n}",
};

export const strings = { en: EN, zh: ZH };

// ----- small helpers -------------------------------------------------------------------------


function title(text) {
  return svg("title", {}, text);
}

// Splits a name into at most `lines` lines of about `width` characters (CJK counts double).
function wrap(text, width, lines = 2) {
  const wide = (s) => [...s].reduce((n, ch) => n + (ch.charCodeAt(0) > 0x2e80 ? 2 : 1), 0);
  const words = /[\u2e80-\u9fff]/.test(text) ? [...text] : text.split(" ");
  const sep = /[\u2e80-\u9fff]/.test(text) ? "" : " ";
  const out = [];
  let line = "";
  for (const w of words) {
    const next = line ? line + sep + w : w;
    if (wide(next) > width && line) {
      out.push(line);
      line = w;
    } else line = next;
  }
  if (line) out.push(line);
  if (out.length > lines) {
    const kept = out.slice(0, lines);
    kept[lines - 1] = `${kept[lines - 1]}…`;
    return kept;
  }
  return out;
}

function multiText(x, y, lines, attrs, lineHeight) {
  return svg(
    "text",
    { x, y, ...attrs },
    lines.map((line, i) => svg("tspan", { x, dy: i === 0 ? 0 : lineHeight }, line)),
  );
}

// ----- the engine's log in Chinese ------------------------------------------------------------
// The engine writes its log in English; these patterns give each kind of line in Chinese. A line
// no pattern knows is shown as it is.

const TILE_IDS = {
  "Pavilion of the Heavenly Winds": "pavilion",
  "Sorcerer's Hut": "sorcerer_hut",
  "Taoist Altar": "taoist_altar",
  "Night Watchman's Beat": "night_watchman",
  "Herbalist's Shop": "herbalist_shop",
  "Buddhist Temple": "buddhist_temple",
  "Tea House": "tea_house",
  Cemetery: "cemetery",
  "Circle of Prayer": "circle_of_prayer",
};
const POWER_IDS = {
  "Bottomless Pockets": "bottomless_pockets",
  "Enfeeblement Mantra": "enfeeblement_mantra",
  "Dance of the Peaks": "dance_of_the_peaks",
  "Dance of the Twin Winds": "dance_of_the_twin_winds",
  "The Gods' Favorite": "gods_favorite",
  "Strength of a Mountain": "strength_of_a_mountain",
  "Heavenly Gust": "heavenly_gust",
  "Second Wind": "second_wind",
};
const LEVEL_IDS = { Initiation: "initiation", Normal: "normal", Nightmare: "nightmare", Hell: "hell" };

function zhLog(line, t) {
  const tile = (name) => (TILE_IDS[name] ? t(`gs.tile.${TILE_IDS[name]}`) : name);
  const colour = (c) => ZH[`gs.colour.${c}`] ?? c;
  const who = (text) => text.replace(/^[Tt]he (red|green|blue|yellow) Taoist$/, (_, c) => `${colour(c)}色道士`);
  const side = (sd) => ZH[`gs.side.${sd}`] ?? sd;
  const space = (sd, k) => `${side(sd)}方第 ${k} 空位`;
  const list = (text) => text.split(", ").map((c) => (c === "none" ? "无" : colour(c))).join("、");
  const curse = (f) => ZH[`gs.curse.${f}`] ?? f;
  const W = "((?:[Tt]he )?(?:red|green|blue|yellow) Taoist)";
  const rules = [
    [/^Setup at (\w+) level with (\d+) player\(s\); the deck holds (\d+) cards\.$/, (m) => `${ZH[`gs.level.${LEVEL_IDS[m[1]]}`] ?? m[1]}难度，${m[2]} 名玩家；牌库共 ${m[3]} 张牌。`],
    [new RegExp(`^${W} uses a power token for (.+)\\.$`), (m) => `${who(m[1])}使用傀儡指示物，借用${POWER_IDS[m[2]] ? ZH[`gs.power.${POWER_IDS[m[2]]}`] : m[2]}。`],
    [/^The Enfeeblement Mantra weakens (.+)\.$/, (m) => `净法真言削弱了 ${m[1]}。`],
    [new RegExp(`^Dance of the Twin Winds moves ${W} to (.+)\\.$`), (m) => `千里传音把${who(m[1])}移到${tile(m[2])}。`],
    [new RegExp(`^${W} moves to (.+)\\.$`), (m) => `${who(m[1])}移动到${tile(m[2])}。`],
    [new RegExp(`^${W} places a Buddha on (\\w+) space (\\d)\\.$`), (m) => `${who(m[1])}在${space(m[2], m[3])}放置佛像。`],
    [new RegExp(`^${W} spends the Yin-Yang to ask the (.+) for help\\.$`), (m) => `${who(m[1])}消耗阴阳指示物，请求${tile(m[2])}援助。`],
    [new RegExp(`^${W} spends the Yin-Yang to free the (.+)\\.$`), (m) => `${who(m[1])}消耗阴阳指示物，恢复${tile(m[2])}。`],
    [new RegExp(`^${W} asks the (.+) for help\\.$`), (m) => `${who(m[1])}请求${tile(m[2])}援助。`],
    [new RegExp(`^${W} comes back to life with (\\d+) Qi\\.$`), (m) => `${who(m[1])}复活，带有 ${m[2]} 点真气。`],
    [/^A (\w+) Tao token now lies on the Circle of Prayer\.$/, (m) => `诵经法阵上现在是${colour(m[1])}色道术指示物。`],
    [/^The Night Watchman sends haunting figurines back onto their cards\.$/, () => "夜哨把厉鬼模型移回它们的厉鬼牌上。"],
    [/^The Sorcerer banishes (.+)\.$/, (m) => `方士消灭了 ${m[1]}。`],
    [/^The Taoist Altar frees the (.+)\.$/, (m) => `法坛恢复了${tile(m[1])}。`],
    [new RegExp(`^${W} takes the blow for the (\\w+) board\\.$`), (m) => `${who(m[1])}替${side(m[2])}方游戏板站出来。`],
    [/^The Gods' Favorite rerolls: (.+)\.$/, (m) => `奇门遁甲重掷：${list(m[1])}。`],
    [/^The Gods' Favorite rerolls the curse die: (\w+)\.$/, (m) => `奇门遁甲重掷邪咒骰：${curse(m[1])}。`],
    [new RegExp(`^${W} takes the Yin-Yang back\\.$`), (m) => `${who(m[1])}恢复了阴阳指示物。`],
    [new RegExp(`^${W} discards a (\\w+) Tao token\\.$`), (m) => `${who(m[1])}弃掉1个${colour(m[2])}色道术指示物。`],
    [new RegExp(`^${W} receives a Yin-Yang\\.$`), (m) => `${who(m[1])}获得1个阴阳指示物。`],
    [new RegExp(`^The Heavenly Winds carry ${W} to (.+)\\.$`), (m) => `风神把${who(m[1])}送到${tile(m[2])}。`],
    [new RegExp(`^${W} picks up (\\d+) power token\\(s\\)\\.$`), (m) => `${who(m[1])}拿取 ${m[2]} 个傀儡指示物。`],
    [/^Turn (\d+): the (\w+) \((\w+)\) board\.$/, (m) => `第 ${m[1]} 回合：${side(m[2])}方（${colour(m[3])}色）游戏板。`],
    [/^The (\w+) board is overrun\.$/, (m) => `${side(m[1])}方游戏板超载。`],
    [new RegExp(`^${W} rolls (\\d+) Tao dice: (.+)\\.$`), (m) => `${who(m[1])}掷 ${m[2]} 个道术骰：${list(m[3])}。`],
    [/^The Herbalist's dice show (.+)\.$/, (m) => `药铺的骰子：${list(m[1])}。`],
    [/^(.+) has no haunting figurine: none is free\.$/, (m) => `${m[1]} 没有厉鬼模型：已经没有空闲的模型。`],
    [/^(.+) takes a free haunting figurine\.$/, (m) => `${m[1]} 拿取一个空闲的厉鬼模型。`],
    [/^No haunting figurine is free for (.+)\.$/, (m) => `没有空闲的厉鬼模型给 ${m[1]}。`],
    [/^All 12 ghost spaces are full: no ghost comes, the active board loses 1 Qi instead\.$/, () => "12 个厉鬼空位全满：没有新厉鬼入场，当前游戏板改为失去1点真气。"],
    [/^(.+) \((\w+), resistance (\d+)\) comes into play\.$/, (m) => `${m[1]}（${colour(m[2])}色，抗性 ${m[3]}）入场。`],
    [/^A Buddha traps (.+) at once; the Buddha goes back to the temple\.$/, (m) => `佛像立即消灭了 ${m[1]}；佛像移回寺庙。`],
    [/^(.+) sends the Buddha back to the temple\.$/, (m) => `${m[1]}把佛像送回寺庙。`],
    [/^The Heavenly Winds move (.+) to (\w+) space (\d)\.$/, (m) => `风神把 ${m[1]} 移到${space(m[2], m[3])}。`],
    [/^(.+) takes (\w+) space (\d)\.$/, (m) => `${m[1]} 进入${space(m[2], m[3])}。`],
    [/^The (\w+) token leaves the Circle of Prayer\.$/, (m) => `${colour(m[1])}色指示物离开诵经法阵。`],
    [/^A Buddha traps (.+); the Buddha goes back to the temple\.$/, (m) => `佛像消灭了 ${m[1]}；佛像移回寺庙。`],
    [/^Every tile in front of the ghost is already haunted\.$/, () => "厉鬼面前的地点都已被入侵。"],
    [/^The (.+) is haunted\.$/, (m) => `${tile(m[1])}被厉鬼入侵。`],
    [/^The neutral (\w+) board loses 1 Qi \((\d+) left\)\.$/, (m) => `中立的${side(m[1])}方游戏板失去1点真气（剩 ${m[2]}）。`],
    [/^The neutral (\w+) board is possessed\.$/, (m) => `中立的${side(m[1])}方游戏板陷入狂乱状态。`],
    [new RegExp(`^${W} does not roll the curse die \\(Strength of a Mountain\\)\\.$`), (m) => `${who(m[1])}不掷邪咒骰（力能担山）。`],
    [new RegExp(`^${W} rolls the curse die: (\\w+)\\.$`), (m) => `${who(m[1])}掷邪咒骰：${curse(m[2])}。`],
    [new RegExp(`^${W} loses every Tao token\\.$`), (m) => `${who(m[1])}失去所有道术指示物。`],
    [new RegExp(`^${W} loses 1 Qi \\((\\d+) left\\)\\.$`), (m) => `${who(m[1])}失去1点真气（剩 ${m[2]}）。`],
    [new RegExp(`^${W} dies; the (\\w+) board is possessed\\.$`), (m) => `${who(m[1])}死亡；${side(m[2])}方游戏板陷入狂乱状态。`],
    [new RegExp(`^${W} gains 1 Qi \\((\\d+)\\)\\.$`), (m) => `${who(m[1])}获得1点真气（${m[2]}）。`],
    [new RegExp(`^${W} takes a (\\w+) Tao token\\.$`), (m) => `${who(m[1])}拿取1个${colour(m[2])}色道术指示物。`],
    [/^The exorcism fails\.$/, () => "驱鬼失败。"],
    [/^Tao tokens spent: (.+)\.$/, (m) => `花费道术指示物：${list(m[1])}。`],
    [new RegExp(`^${W} exorcises (.+)\\.$`), (m) => `${who(m[1])}驱除了 ${m[2]}。`],
    [/^(Victory|Defeat): (.+)\.$/, (m) => `${m[1] === "Victory" ? "胜利" : "失败"}：${zhReason(m[2])}。`],
  ];
  for (const [re, fn] of rules) {
    const m = line.match(re);
    if (m) return zhGhostNames(fn(m));
  }
  return line;
}

// The ghosts' English names, longest first (so that "Fallen Monks" wins over "Fallen Monk").
const GHOST_NAMES_EN = Object.keys(GHOST_NAMES_ZH).sort((a, b) => b.length - a.length);
const GHOST_NAME_RE = new RegExp(`(${GHOST_NAMES_EN.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|")})`, "g");

// Every ghost name in a text (a log line already in Chinese) in Chinese.
function zhGhostNames(text) {
  return text.replace(GHOST_NAME_RE, (name) => GHOST_NAMES_ZH[name]);
}

// An engine log line in English as shown: a Taoist named in the middle of a sentence reads
// "the red Taoist", not "The red Taoist".
function enLog(line) {
  return line
    .replace(/(.) The (red|green|blue|yellow) Taoist/g, "$1 the $2 Taoist")
    .replace(/^(Setup at \w+ level with )(\d+) player\(s\)/, (_, head, n) => `${head}${n} ${n === "1" ? "player" : "players"}`);
}

function zhReason(reason) {
  if (!reason) return reason;
  const known = {
    "every incarnation of Wu-Feng is exorcised": "九幽之主的化身全部被消灭",
    "the last card of the deck came into play before Wu-Feng was defeated": "九幽之主被击败之前，牌库的最后一张牌已入场",
    "a ghost haunted past the last tile of its line": "厉鬼越过了其面前一行的最后一个地点",
    "every Taoist is dead": "所有道士都已死亡",
  };
  if (known[reason]) return known[reason];
  const m = reason.match(/^(\d+) village tiles are haunted$/);
  return m ? `${m[1]} 个村庄地点被厉鬼入侵` : reason;
}

// ----- the module ----------------------------------------------------------------------------

export function mount(root, ctx) {
  const { el, t } = ctx;
  const tr = (key, params) => t(key, params);

  const decisionBox = el("section", { class: "decision gs-decision", id: "decision" });
  const infoBar = el("div", { class: "gs-info", id: "gs-info" });
  const drawing = svg("svg", {
    class: "gs-board",
    id: "gs-board",
    viewBox: `0 0 ${SIZE} ${SIZE}`,
    // A group, not a picture: its lit spaces and tiles are buttons (Tab, then Enter or Space).
    role: "group",
    "aria-label": "Ghost Stories",
  });
  const boardWrap = el("div", { class: "gs-board-wrap", id: "gs-board-wrap" }, drawing);
  const eventsBox = el("section", { class: "gs-events card", id: "gs-events" });
  // What the last exorcism did (or why it failed), shown by the board.
  const feedbackBox = el("div", { class: "gs-feedback", id: "gs-feedback", role: "status", hidden: true });
  // A tile's, a ghost's or a board's whole text, opened by a click or a long press on it.
  const previewBox = el("section", { class: "gs-preview card", id: "gs-preview", hidden: true });
  const zoomBar = el("div", { class: "gs-zoom", id: "gs-zoom", role: "group" });
  const style = el("link", { rel: "stylesheet", href: "/static/css/ghost-stories.css" });
  // Wide windows: the board on the left, at the window's height, the decision and the events on
  // the right; narrow ones: one column (the stylesheet orders it).
  root.append(
    style,
    el(
      "div",
      { class: "gs-layout" },
      el("div", { class: "gs-board-col" }, feedbackBox, zoomBar, boardWrap, previewBox),
      el("div", { class: "gs-side-col" }, decisionBox, infoBar, eventsBox),
    ),
  );
  // The log list scrolls to its newest line when drawn; drawn before this stylesheet applies (its
  // height limit), that scroll is lost, so it is done again once the stylesheet has loaded.
  style.addEventListener("load", () => {
    const list = eventsBox.querySelector(".gs-log");
    if (list) list.scrollTop = list.scrollHeight;
  });

  const zoom = createZoom(ctx, { bar: zoomBar, prefix: "gs", boards: () => [drawing] });
  let frame = null;
  let previous = null; // the view before the current one (for what changed)
  let yinYangMode = false;
  let preview = null; // what the preview shows: {kind: "tile" | "space" | "board" | "card", ...}
  let shownRoll = null; // the log index of the roll the dice show (a new one rolls them)
  // The engine's log lines by their index in the game, kept as frames bring them (a view holds
  // only the latest lines), the earlier ones asked for once.
  const history = createHistory(ctx, () => render());

  // --- names -------------------------------------------------------------------------------

  const view = () => frame.view;
  const colourName = (c) => tr(`gs.colour.${c}`);
  const sideName = (s) => tr(`gs.side.${s}`);
  const tileName = (p) => {
    const tile = view().village[p];
    return tile ? ctx.tOr(`gs.tile.${tile.id}`, tile.name) : String(p);
  };
  const powerName = (power) => ctx.tOr(`gs.power.${power.id}`, power.name);
  // A ghost's name in the interface's language (the Chinese names: games/data/ghost-stories-zh.js).
  const ghostName = (name) => (ctx.lang() === "zh" ? GHOST_NAMES_ZH[name] ?? name : name);
  const logLine = (line) => (ctx.lang() === "zh" ? zhLog(line, t) : enLog(line));
  const taoistName = (b) => {
    const board = view().boards[b];
    const name = board && board.seat !== null ? ctx.seatName(board.seat) : sideName(board?.side ?? "");
    return `${name} (${tr("gs.taoist", { colour: colourName(board?.colour ?? "") })})`;
  };
  const shortTaoist = (b) => {
    const board = view().boards[b];
    return board && board.seat !== null ? ctx.seatName(board.seat) : sideName(board?.side ?? "");
  };
  const spaceOf = (s) => view().boards[Math.floor(s / 3)].spaces[s % 3];
  const spaceName = (s) => {
    const board = view().boards[Math.floor(s / 3)];
    return tr("gs.space", { side: sideName(board.side), k: (s % 3) + 1 });
  };
  const presentGhostName = (s) => {
    const ghost = spaceOf(s)?.ghost;
    return ghost ? ghostName(ghost.name) : spaceName(s);
  };

  // --- what each action points at on the board -----------------------------------------------
  // An action's "steps": the targets to click, in order; each step lists the keys that match it.

  function activeTile() {
    const v = view();
    const taoist = v.taoists.find((x) => x.board === v.active_board);
    return taoist ? taoist.position : null;
  }

  function steps(action) {
    const a = action;
    const out = [];
    switch (a.kind) {
      case "move":
        return [[`tile:${a.tile}`]];
      case "stay": {
        const p = activeTile();
        return p === null ? [] : [[`tile:${p}`]];
      }
      case "place":
      case "place_buddha":
        return [[`space:${a.space}`]];
      case "enfeeblement_mantra":
        return [[`space:${a.ghost}`]];
      case "exorcise": {
        const v = view();
        const p = activeTile();
        const facing = p === null ? [] : v.village[p].faces_spaces;
        const ghosts = v.boards.flatMap((b) => b.spaces).filter((sp) => sp.ghost && facing.includes(sp.space));
        return ghosts.length ? [ghosts.map((sp) => `space:${sp.space}`)] : [];
      }
      case "ask_help":
      case "yin_yang_help":
        out.push([`tile:${a.tile}`]);
        if (a.taoist !== undefined) out.push([`taoist:${a.taoist}`]);
        if (a.colour !== undefined) out.push([`colour:${a.colour}`]);
        if (a.board !== undefined) out.push([`board:${a.board}`]);
        if (a.restore !== undefined) out.push([`tile:${a.restore}`]);
        if (a.ghost !== undefined) out.push([`space:${a.ghost}`]);
        if (a.to !== undefined) out.push([`space:${a.to}`]);
        return out;
      case "yin_yang_restore":
        return [[`tile:${a.tile}`]];
      case "twin_winds":
      case "move_taoist":
        return [[`taoist:${a.taoist}`], [`tile:${a.tile}`]];
      case "use_power_token":
        return [[`board:${a.board}`]];
      case "bottomless_pockets":
      case "take_token":
      case "discard":
        return [[`colour:${a.colour}`]];
      case "volunteer":
      case "give_qi":
      case "give_yin_yang":
        return [[`taoist:${a.taoist}`]];
      case "banish":
        return [a.ghosts.map((s) => `space:${s}`)];
      default:
        return [];
    }
  }

  const isYinYang = (entry) => entry.action.kind.startsWith("yin_yang");
  // Clicking the board (the targets clicked so far in this decision, sending, refusals): shared
  // with the other tables. Yin-Yang actions have their own mode, so moving never needs two clicks.
  const pick = createPicker(ctx, {
    frame: () => frame,
    steps,
    usable: (e) => isYinYang(e) === yinYangMode,
    render: () => render(),
    busyBox: decisionBox,
    refused: (err) => (err?.reason ? tr("gs.refused", { reason: err.reason }) : ""),
  });

  // --- labels of actions ---------------------------------------------------------------------

  function tokenLabel(text) {
    const [who, colour] = String(text).split(":");
    return `${shortTaoist(Number(who))}: ${colourName(colour)}`;
  }

  // The label of an action; `past`: for the log, where the action was taken on an earlier
  // table (a ghost is named by its space, a die by its number, a stay by no tile).
  function label(entry, past = false) {
    const a = entry.action;
    const key = `gs.act.${a.kind}`;
    const params = {};
    const ghostName = past ? spaceName : presentGhostName;
    if (a.tile !== undefined) params.tile = tileName(a.tile);
    if (a.space !== undefined) params.space = spaceName(a.space);
    if (a.taoist !== undefined) params.taoist = shortTaoist(a.taoist);
    if (a.colour !== undefined) params.colour = colourName(a.colour);
    if (a.board !== undefined) params.side = sideName(view().boards[a.board].side);
    if (a.ghost !== undefined) params.ghost = ghostName(a.ghost);
    if (a.kind === "stay") {
      if (past) return tr("gs.log.stay");
      params.tile = tileName(activeTile());
    }
    if (a.kind === "reroll") {
      if (!a.dice.length) return tr("gs.act.rerollNone");
      const die = (i) => (past ? tr("gs.log.die", { i: i + 1 }) : tr("gs.die", { i: i + 1, face: colourName(view().dice.tao[i] ?? "") }));
      params.dice = a.dice.map(die).join(", ");
    }
    if (a.kind === "banish") {
      let text = tr("gs.act.banish", { ghosts: a.ghosts.map(ghostName).join(", ") });
      if (a.tokens.length) text += ` · ${tr("gs.act.banishTokens", { tokens: a.tokens.map(tokenLabel).join(", ") })}`;
      return text;
    }
    let text = ctx.tOr(key, entry.text, params);
    if (a.kind === "ask_help" || a.kind === "yin_yang_help") {
      const extra = [];
      if (a.taoist !== undefined) extra.push(tr("gs.param.taoist", { taoist: shortTaoist(a.taoist) }));
      if (a.colour !== undefined) extra.push(tr("gs.param.colour", { colour: colourName(a.colour) }));
      if (a.board !== undefined) extra.push(tr("gs.param.board", { side: sideName(view().boards[a.board].side) }));
      if (a.restore !== undefined) extra.push(tr("gs.param.restore", { tile: tileName(a.restore) }));
      if (a.ghost !== undefined && a.to !== undefined) extra.push(tr("gs.param.ghostTo", { ghost: ghostName(a.ghost), space: spaceName(a.to) }));
      else if (a.ghost !== undefined) extra.push(tr("gs.param.ghost", { ghost: ghostName(a.ghost) }));
      if (extra.length) text += ` · ${extra.join(" · ")}`;
    }
    return text;
  }

  function actionButton(entry, cls = "action") {
    const button = el(
      "button",
      { type: "button", class: cls, title: entry.text, dataset: { action: entry.text, index: entry.index } },
      label(entry),
    );
    button.addEventListener("click", () => pick.send(entry.action));
    return button;
  }

  // --- drawing -------------------------------------------------------------------------------

  // (u along the village edge inside the nearest tile, v away from the village) -> (x, y)
  function place(side, tile, u, v) {
    const row = Math.floor(tile / 3);
    const col = tile % 3;
    if (side === "south") return [D + col * T + u, D + 3 * T + v];
    if (side === "north") return [D + col * T + (T - u), D - v];
    if (side === "west") return [D - v, D + row * T + u];
    return [D + 3 * T + v, D + row * T + (T - u)];
  }

  function rectOf(side, tile, u0, u1, v0, v1) {
    const [xa, ya] = place(side, tile, u0, v0);
    const [xb, yb] = place(side, tile, u1, v1);
    return { x: Math.min(xa, xb), y: Math.min(ya, yb), w: Math.abs(xa - xb), h: Math.abs(ya - yb) };
  }

  function resistanceDots(resistance, x, y) {
    const g = svg("g", { class: "gs-resistance" });
    let i = 0;
    for (const colour of COLOURS) {
      for (let n = 0; n < (resistance[colour] || 0); n++) {
        g.append(svg("circle", { cx: x + i * 15, cy: y, r: 6.5, fill: FILL[colour], stroke: colour === "black" ? "#fff" : "#222", "stroke-width": 1.2 }));
        i += 1;
      }
    }
    return g;
  }

  function abilityText(list) {
    return list.map((ab) => `${tr(`gs.ab.${ab.kind}`)}${ab.amount > 1 ? `×${ab.amount}` : ""}`).join(" · ");
  }

  function abilityTip(ghost) {
    const lines = [];
    for (const stone of ["arrival", "yin", "exorcised"]) {
      for (const ab of ghost[stone] || []) {
        lines.push(
          `${tr(`gs.stone.${stone}.tip`)}: ${tr(`gs.ab.${ab.kind}.tip`)}${ab.amount > 1 ? ` ×${ab.amount}` : ""}${ab.group ? ` ${tr("gs.ab.team")}` : ""}`,
        );
      }
    }
    return lines;
  }

  function ghostCard(ghost, r, extra = {}) {
    const g = svg("g", { class: `gs-ghost${ghost.incarnation ? " incarnation" : ""}`, "data-ghost": ghost.id });
    const ink = INK[ghost.colour];
    const total = Object.values(ghost.resistance).reduce((a, b) => a + b, 0);
    const effective = (ghost.effective_resistance || [ghost.resistance])[0];
    const effTotal = Object.values(effective).reduce((a, b) => a + b, 0);
    const tip = [
      `${ghostName(ghost.name)}${ghost.incarnation ? ` — ${tr("gs.incarnation")}` : ""}`,
      `${colourName(ghost.colour)}, ${tr("gs.resistance", { n: effTotal === total ? total : `${total} → ${effTotal}` })}`,
      ...abilityTip(ghost),
    ];
    g.append(title(tip.join("\n")));
    g.append(
      svg("rect", {
        x: r.x,
        y: r.y,
        width: r.w,
        height: r.h,
        rx: 8,
        fill: FILL[ghost.colour],
        stroke: ghost.incarnation ? "#7a0f1d" : "#1b1726",
        "stroke-width": ghost.incarnation ? 4 : 1.5,
        class: "gs-card",
      }),
    );
    const cx = r.x + 8;
    const nameLines = wrap(ghostName(ghost.name), Math.floor((r.w - (extra.figurine ? 36 : 14)) / 7), 2);
    g.append(multiText(cx, r.y + 17, nameLines, { class: "gs-ghost-name", fill: ink }, 14));
    let y = r.y + 17 + nameLines.length * 14 + 2;
    // Resistance: one dot per point, and the effective total when the Circle or the Mantra lowers it.
    const dots = svg("g", {});
    dots.append(svg("rect", { x: cx - 3, y: y - 2, width: Math.min(r.w - 10, total * 15 + 8), height: 18, rx: 9, fill: "rgba(255,255,255,0.92)" }));
    dots.append(resistanceDots(ghost.resistance, cx + 6, y + 7));
    g.append(dots);
    if (effTotal !== total) {
      g.append(svg("text", { x: r.x + r.w - 8, y: y + 10, class: "gs-eff", "text-anchor": "end", fill: ink }, `→${effTotal}`));
    }
    y += 28;
    for (const stone of ["arrival", "yin", "exorcised"]) {
      const list = ghost[stone] || [];
      if (!list.length) continue;
      g.append(svg("rect", { x: cx - 3, y: y - 11, width: 22, height: 15, rx: 3, fill: "rgba(0,0,0,0.3)" }));
      g.append(svg("text", { x: cx + 8, y: y + 1, class: "gs-stone", "text-anchor": "middle", fill: "#fff" }, tr(`gs.stone.${stone}`)));
      const lines = wrap(abilityText(list), Math.floor((r.w - 34) / 7.2), 2);
      g.append(multiText(cx + 23, y + 1, lines, { class: "gs-ability", fill: ink }, 13));
      y += 19 + (lines.length - 1) * 13;
    }
    if (ghost.incarnation) {
      g.append(svg("text", { x: r.x + r.w / 2, y: r.y + r.h - 7, class: "gs-incarnation", "text-anchor": "middle", fill: ink }, tr("gs.incarnation")));
    }
    if (ghost.mantra) {
      g.append(
        svg(
          "g",
          { class: "gs-mantra" },
          title(tr("gs.mantra.tip")),
          svg("rect", { x: r.x + r.w - 74, y: r.y + r.h - 24, width: 70, height: 19, rx: 9, fill: "#fff5c2", stroke: "#b08900" }),
          svg("text", { x: r.x + r.w - 39, y: r.y + r.h - 10, "text-anchor": "middle", class: "gs-small" }, tr("gs.mantra")),
        ),
      );
    }
    if (extra.figurine) g.append(figurine(r.x + r.w - 13, r.y + 14));
    return g;
  }

  function figurine(x, y) {
    return svg(
      "g",
      { class: "gs-figurine" },
      svg("path", {
        d: `M${x - 8},${y + 9} L${x - 8},${y - 1} A8,8 0 0 1 ${x + 8},${y - 1} L${x + 8},${y + 9} L${x + 5},${y + 6} L${x + 2},${y + 9} L${x - 2},${y + 6} L${x - 5},${y + 9} Z`,
        fill: "#efe9ff",
        stroke: "#3b2a5c",
        "stroke-width": 1.6,
      }),
      svg("circle", { cx: x - 3, cy: y - 1, r: 1.6, fill: "#3b2a5c" }),
      svg("circle", { cx: x + 3, cy: y - 1, r: 1.6, fill: "#3b2a5c" }),
    );
  }

  function buddha(x, y, r = 11) {
    return svg(
      "g",
      { class: "gs-buddha" },
      title(tr("gs.buddha")),
      svg("circle", { cx: x, cy: y, r, fill: "#f2c94c", stroke: "#9a6b00", "stroke-width": 1.5 }),
      svg("text", { x, y: y + r * 0.38, "text-anchor": "middle", class: "gs-buddha-text", "font-size": r * 1.05 }, "佛"),
    );
  }

  function taoistFigure(b, x, y, r = 13) {
    const v = view();
    const board = v.boards[b];
    const taoist = v.taoists.find((tt) => tt.board === b);
    const dead = taoist && !taoist.alive;
    return svg(
      "g",
      { class: `gs-taoist${dead ? " dead" : ""}${b === v.active_board ? " active" : ""}`, "data-keys": `taoist:${b}`, "data-taoist": b },
      title(`${taoistName(b)}${dead ? ` — ${tr("gs.dead")}` : ""}`),
      svg("circle", { cx: x, cy: y, r, fill: dead ? "#999" : FILL[board.colour], stroke: "#fff", "stroke-width": 2.5 }),
      svg("text", { x, y: y + 4.5, "text-anchor": "middle", class: "gs-taoist-n", fill: INK[board.colour] }, String((board.seat ?? b) + 1)),
    );
  }

  function yinYang(x, y, r, on) {
    return svg(
      "g",
      { class: `gs-yinyang${on ? "" : " spent"}` },
      title(`${tr("gs.yinyang")}${on ? "" : " ✗"}`),
      svg("circle", { cx: x, cy: y, r, fill: "#fff", stroke: "#222", "stroke-width": 1.2 }),
      svg("path", {
        d: `M${x},${y - r} A${r},${r} 0 0 1 ${x},${y + r} A${r / 2},${r / 2} 0 0 1 ${x},${y} A${r / 2},${r / 2} 0 0 0 ${x},${y - r} Z`,
        fill: "#222",
      }),
      svg("circle", { cx: x, cy: y - r / 2, r: r / 6, fill: "#fff" }),
      svg("circle", { cx: x, cy: y + r / 2, r: r / 6, fill: "#222" }),
    );
  }

  function drawTile(tile, changed) {
    const x = D + tile.col * T;
    const y = D + tile.row * T;
    const name = ctx.tOr(`gs.tile.${tile.id}`, tile.name);
    const g = svg("g", {
      class: `gs-tile${tile.haunted ? " haunted" : ""}${changed ? " changed" : ""}`,
      "data-keys": `tile:${tile.position}`,
      "data-tile": tile.position,
      "data-tile-id": tile.id,
    });
    g.append(title(`${name}${tile.haunted ? ` — ${tr("gs.haunted")}` : ""}\n${ctx.tOr(`gs.tiletext.${tile.id}`, tile.text)}`));
    g.append(svg("rect", { x: x + 3, y: y + 3, width: T - 6, height: T - 6, rx: 10, class: "gs-tile-bg" }));
    g.append(multiText(x + T / 2, y + 22, wrap(name, 20, 2), { class: "gs-tile-name", "text-anchor": "middle" }, 14));
    if (tile.haunted) {
      g.append(figurine(x + T - 22, y + T - 24));
      g.append(svg("text", { x: x + T / 2, y: y + T - 12, "text-anchor": "middle", class: "gs-haunted-label" }, tr("gs.haunted")));
    }
    for (let i = 0; i < tile.buddhas; i++) g.append(buddha(x + 20 + i * 24, y + T - 22));
    if (tile.circle_token) {
      g.append(
        svg(
          "g",
          { class: "gs-circle-token" },
          title(`${tr("gs.circle")}: ${colourName(tile.circle_token)}`),
          svg("rect", { x: x + 12, y: y + T - 34, width: 22, height: 22, rx: 4, fill: FILL[tile.circle_token], stroke: "#fff", "stroke-width": 2 }),
        ),
      );
    }
    if (tile.power_tokens) {
      g.append(
        svg(
          "g",
          { class: "gs-power-tokens" },
          title(`${tr("gs.powerTokens")}: ${tile.power_tokens}`),
          svg("rect", { x: x + 10, y: y + T - 32, width: 20, height: 20, rx: 10, fill: "#8a5cc2", stroke: "#fff" }),
          svg("text", { x: x + 20, y: y + T - 18, "text-anchor": "middle", class: "gs-small", fill: "#fff" }, String(tile.power_tokens)),
        ),
      );
    }
    const n = tile.taoists.length;
    tile.taoists.forEach((b, i) => {
      const tx = x + T / 2 + (i - (n - 1) / 2) * 28;
      g.append(taoistFigure(b, tx, y + T / 2 + 12));
    });
    return g;
  }

  function drawSpace(board, space, changed) {
    const tile = space.line[0];
    const g = svg("g", {
      class: `gs-space${changed ? " changed" : ""}`,
      "data-keys": `space:${space.space}`,
      "data-space": space.space,
    });
    const card = rectOf(board.side, tile, 5, T - 5, STEPS, STEPS + CARD);
    g.append(title(spaceName(space.space)));
    g.append(svg("rect", { x: card.x, y: card.y, width: card.w, height: card.h, rx: 8, class: "gs-space-bg", fill: FILL[board.colour] }));
    // The two steps between the card and the village: step 1 by the card, step 2 by the village.
    for (const step of [1, 2]) {
      const v0 = step === 1 ? STEPS - 28 : 4;
      const r = rectOf(board.side, tile, T / 2 - 16, T / 2 + 16, v0, v0 + 24);
      g.append(svg("rect", { x: r.x, y: r.y, width: r.w, height: r.h, rx: 5, class: "gs-step" }));
      if (space.ghost && space.ghost.haunting_step === step) g.append(figurine(r.x + r.w / 2, r.y + r.h / 2));
    }
    if (space.ghost) g.append(ghostCard(space.ghost, card, { figurine: space.ghost.haunting_step === 0 }));
    else g.append(svg("text", { x: card.x + card.w / 2, y: card.y + card.h / 2 + 4, "text-anchor": "middle", class: "gs-empty" }, spaceName(space.space)));
    if (space.buddha) g.append(buddha(card.x + card.w / 2, card.y + (space.ghost ? card.h - 16 : card.h / 2 + 24), 14));
    return g;
  }

  function corner(board) {
    // Each board's Taoist sits in the corner at its owner's left.
    const spots = { south: [0, D + 3 * T], west: [0, 0], north: [D + 3 * T, 0], east: [D + 3 * T, D + 3 * T] };
    return spots[board.side];
  }

  function drawTaoistPanel(board, changed) {
    const v = view();
    const [x0, y0] = corner(board);
    const taoist = v.taoists.find((tt) => tt.board === board.board);
    const isYou = board.seat !== null && board.seat === v.you;
    const active = board.board === v.active_board;
    const g = svg("g", {
      class: `gs-panel${active ? " active" : ""}${isYou ? " you" : ""}${changed ? " changed" : ""}`,
      "data-keys": `taoist:${board.board} board:${board.board}`,
      "data-board": board.board,
    });
    const pad = 8;
    const w = D - 2 * pad;
    const left = x0 + pad;
    const top = y0 + pad;
    const ink = INK[board.colour];
    g.append(svg("rect", { x: left, y: top, width: w, height: w, rx: 12, class: "gs-panel-bg", stroke: FILL[board.colour] }));
    g.append(svg("path", { d: `M${left},${top + 34} v-22 a12,12 0 0 1 12,-12 h${w - 24} a12,12 0 0 1 12,12 v22 Z`, fill: FILL[board.colour] }));
    const who = board.seat !== null ? ctx.seatName(board.seat) : tr("gs.neutralTitle");
    g.append(svg("text", { x: left + 10, y: top + 23, class: "gs-panel-title", fill: ink }, `${who}${isYou ? ` · ${tr("gs.you")}` : ""}`));
    g.append(svg("text", { x: left + w - 10, y: top + 23, "text-anchor": "end", class: "gs-panel-side", fill: ink }, sideName(board.side)));
    const px = left + 12;
    let y = top + 54;
    // The power, with its text as a tooltip.
    const power = board.power;
    const sealed = !power.active;
    const powerLines = wrap(`${powerName(power)}${sealed ? ` · ${tr("gs.sealed")}` : ""}`, 24, 2);
    g.append(
      svg(
        "g",
        { class: `gs-power${sealed ? " sealed" : ""}` },
        title(`${powerName(power)}${sealed ? ` (${tr("gs.sealed")})` : ""}\n${ctx.tOr(`gs.powertext.${power.id}`, power.text)}`),
        multiText(px, y, powerLines, { class: "gs-power-name" }, 15),
      ),
    );
    y = top + 98;
    const qi = taoist ? taoist.qi : board.qi;
    g.append(
      svg(
        "g",
        { class: "gs-qi", "data-qi": qi ?? "" },
        title(`${tr("gs.qi")}: ${qi ?? "—"}`),
        svg("circle", { cx: px + 14, cy: y, r: 15, fill: "#d94b4b", stroke: "#fff", "stroke-width": 2 }),
        svg("text", { x: px + 14, y: y + 5.5, "text-anchor": "middle", class: "gs-qi-n", fill: "#fff" }, String(qi ?? "—")),
        svg("text", { x: px + 35, y: y + 5, class: "gs-label" }, tr("gs.qi")),
      ),
    );
    if (taoist) {
      g.append(yinYang(px + 100, y, 13, taoist.yin_yang));
      for (let i = 0; i < taoist.buddhas; i++) g.append(buddha(px + 134 + i * 26, y, 12));
      // A Buddha taken this turn is shown faded: it cannot be placed before the next turn.
      for (let i = 0; i < (taoist.buddhas_taken_this_turn || 0); i++) {
        g.append(svg("g", { class: "gs-buddha-fresh", opacity: 0.45 }, title(tr("gs.buddhaFresh")), buddha(px + 134 + (taoist.buddhas + i) * 26, y, 12)));
      }
      y += 36;
      const tokens = svg("g", { class: "gs-tokens" }, title(`${tr("gs.tokens")}: ${COLOURS.map((c) => `${colourName(c)} ${taoist.tokens[c]}`).join(", ")}`));
      COLOURS.forEach((c, i) => {
        const tx = px + i * 36;
        const n = taoist.tokens[c];
        tokens.append(svg("rect", { x: tx, y: y - 13, width: 26, height: 26, rx: 5, fill: FILL[c], opacity: n ? 1 : 0.18, stroke: n ? "#fff" : "none", "stroke-width": 1.5 }));
        tokens.append(svg("text", { x: tx + 13, y: y + 5, "text-anchor": "middle", class: "gs-token-n", fill: n ? INK[c] : "#999" }, String(n)));
      });
      g.append(tokens);
    } else {
      y += 36;
    }
    y += 34;
    const state = [];
    if (taoist && !taoist.alive) state.push(tr("gs.dead"));
    if (board.possessed) state.push(tr("gs.possessed"));
    else if (!taoist) state.push(tr("gs.neutral"));
    if (taoist?.power_tokens) state.push(`${tr("gs.powerTokens")} ${taoist.power_tokens}`);
    if (state.length) g.append(svg("text", { x: px, y, class: "gs-state" }, state.join(" · ")));
    if (active) g.append(svg("text", { x: left + w - 10, y, "text-anchor": "end", class: "gs-active-mark" }, `▶ ${tr("gs.active")}`));
    return g;
  }

  function drawBoard() {
    const v = view();
    const before = previous;
    drawing.replaceChildren();
    drawing.append(svg("rect", { x: 0, y: 0, width: SIZE, height: SIZE, rx: 18, class: "gs-table" }));
    drawing.append(svg("rect", { x: D - 4, y: D - 4, width: 3 * T + 8, height: 3 * T + 8, rx: 14, class: "gs-village-bg" }));
    for (const tile of v.village) {
      const old = before?.village?.[tile.position];
      drawing.append(drawTile(tile, old && JSON.stringify(old) !== JSON.stringify(tile)));
    }
    for (const board of v.boards) {
      // A faint band in the board's colour behind its three spaces.
      const a = rectOf(board.side, board.spaces[0].line[0], 0, T, 0, D - 4);
      const b = rectOf(board.side, board.spaces[2].line[0], 0, T, 0, D - 4);
      const band = { x: Math.min(a.x, b.x), y: Math.min(a.y, b.y), w: Math.max(a.x + a.w, b.x + b.w) - Math.min(a.x, b.x), h: Math.max(a.y + a.h, b.y + b.h) - Math.min(a.y, b.y) };
      drawing.append(svg("rect", { x: band.x, y: band.y, width: band.w, height: band.h, rx: 12, fill: FILL[board.colour], opacity: board.board === v.active_board ? 0.26 : 0.13, class: "gs-band" }));
      for (const space of board.spaces) {
        const old = before?.boards?.[board.board]?.spaces?.[space.index];
        drawing.append(drawSpace(board, space, old && JSON.stringify(old) !== JSON.stringify(space)));
      }
      const oldT = before?.taoists?.find((tt) => tt.board === board.board);
      const nowT = v.taoists.find((tt) => tt.board === board.board);
      drawing.append(drawTaoistPanel(board, oldT && JSON.stringify(oldT) !== JSON.stringify(nowT)));
    }
    markTargets();
  }

  function markTargets() {
    const targets = pick.nextTargets();
    const chosen = new Set(pick.selection);
    for (const node of drawing.querySelectorAll("[data-keys]")) {
      const keys = node.getAttribute("data-keys").split(" ");
      const isTarget = keys.some((k) => targets.has(k));
      node.classList.toggle("target", isTarget);
      // Targets can be reached with the keyboard too (Tab, then Enter or Space).
      if (isTarget) {
        node.setAttribute("tabindex", "0");
        node.setAttribute("role", "button");
      } else {
        node.removeAttribute("tabindex");
        node.removeAttribute("role");
      }
      node.classList.toggle("selected", keys.some((k) => chosen.has(k)));
    }
    drawing.classList.toggle("choosing", targets.size > 0);
    pick.markLeads(drawing);
  }

  drawing.addEventListener("keydown", (event) => {
    if (event.key !== "Enter" && event.key !== " ") return;
    const keys = event.target.getAttribute?.("data-keys");
    const key = keys?.split(" ").find((k) => pick.nextTargets().has(k));
    if (!key) return;
    event.preventDefault();
    pick.choose(key);
  });

  drawing.addEventListener("click", (event) => {
    const targets = pick.nextTargets();
    for (let node = event.target; node && node !== drawing; node = node.parentNode) {
      const keys = node.getAttribute?.("data-keys");
      if (!keys) continue;
      const key = keys.split(" ").find((k) => targets.has(k));
      if (key) {
        pick.choose(key);
        return;
      }
    }
    // Not a target: the click opens what it landed on in the preview.
    openPreview(previewOf(event.target));
  });

  // --- the information bar -------------------------------------------------------------------

  function chip(text, attrs = {}) {
    return el("span", { class: "gs-chip", ...attrs }, text);
  }

  // The curse die's faces as symbols on the die.
  const CURSE_MARK = { blank: "", haunt: "👻", ghost: "+", lose_tokens: "✕", lose_qi: "−1" };

  function dieFace(face, kind = "tao") {
    if (kind === "curse") {
      return el(
        "span",
        { class: `gs-die curse face-${face}`, role: "img", "aria-label": `${tr("gs.curseDie")}: ${tr(`gs.curse.${face}`)}`, title: tr(`gs.curse.${face}`) },
        el("span", { class: "gs-die-mark", "aria-hidden": "true" }, CURSE_MARK[face] ?? ""),
        el("span", { class: "gs-die-name" }, tr(`gs.curse.${face}`)),
      );
    }
    return el(
      "span",
      { class: `gs-die tao face-${face}`, style: `background:${FILL[face]};color:${INK[face]}`, role: "img", "aria-label": colourName(face), title: colourName(face) },
      el("span", { class: "gs-die-name" }, colourName(face)),
    );
  }

  // A Taoist named by a colour the engine's log uses ("the red Taoist"): its seat and colour.
  function taoistOfColour(colour) {
    const board = view().boards.find((b) => b.colour === colour);
    return board ? taoistName(board.board) : tr("gs.taoist", { colour: colourName(colour) });
  }

  // Who rolled the dice shown, from the events: `{index, who, turn}` of the last roll of the Tao
  // dice (`kind` "tao") or of the curse die (`kind` "curse"), or null.
  function lastRoll(kind) {
    const { lines } = eventsSoFar();
    let turn = null;
    let found = null;
    let actor = null; // the colour of the last Taoist a line named first
    for (const [i, line] of lines) {
      const m = TURN_LINE.exec(line);
      if (m) turn = Number(m[1]);
      const named = /^(?:[Tt]he )?(red|green|blue|yellow) Taoist /.exec(line);
      if (named) actor = named[1];
      if (kind === "tao") {
        const r = /^(?:[Tt]he )?(red|green|blue|yellow) Taoist rolls \d+ Tao dice: /.exec(line);
        if (r) found = { index: i, colour: r[1], turn };
        else if (/^The Herbalist's dice show /.test(line)) found = { index: i, colour: actor, turn, herbalist: true };
        else if (/^The Gods' Favorite rerolls: /.test(line) && found) found = { ...found, index: i };
      } else {
        const r = /^(?:[Tt]he )?(red|green|blue|yellow) Taoist rolls the curse die: /.exec(line);
        if (r) found = { index: i, colour: r[1], turn };
        else if (/^The Gods' Favorite rerolls the curse die: /.test(line) && found) found = { ...found, index: i };
      }
    }
    if (!found) return null;
    const v = view();
    const who = taoistOfColour(found.colour ?? v.boards[v.active_board].colour);
    const text = found.herbalist
      ? tr("gs.herbalistRoll", { who })
      : found.turn !== null && found.turn !== v.turn
        ? tr("gs.rolledByTurn", { who, turn: found.turn })
        : tr("gs.rolledBy", { who });
    return { index: found.index, text };
  }

  function diceRow(id) {
    const v = view();
    const tao = v.dice.tao.length ? lastRoll("tao") : null;
    const curse = v.dice.curse ? lastRoll("curse") : null;
    const rolling = tao && tao.index !== shownRoll && shownRoll !== null;
    return el(
      "div",
      { class: "gs-dice", id },
      el(
        "span",
        { class: `gs-dice-set${rolling ? " rolling" : ""}`, dataset: { roll: tao?.index ?? "" } },
        el("strong", {}, `${tr("gs.dice")}: `),
        v.dice.tao.length ? v.dice.tao.map((f) => dieFace(f)) : el("span", { class: "muted" }, tr("gs.noDice")),
        tao ? el("span", { class: "gs-roller", id: `${id}-who` }, tao.text) : null,
      ),
      el(
        "span",
        { class: "gs-dice-set" },
        el("strong", {}, ` ${tr("gs.curseDie")}: `),
        v.dice.curse ? dieFace(v.dice.curse, "curse") : el("span", { class: "muted" }, tr("gs.noDice")),
        curse ? el("span", { class: "gs-roller" }, curse.text) : null,
      ),
    );
  }

  // --- the last exorcism, by the board ---------------------------------------------------------

  // The lines of the current turn since the last roll of the Tao dice: what that roll did.
  function lastExorcism() {
    const { lines } = eventsSoFar();
    let start = -1;
    for (let k = lines.length - 1; k >= 0; k--) {
      const line = lines[k][1];
      if (TURN_LINE.test(line)) break;
      if (/ rolls \d+ Tao dice: /.test(line) || /^The Sorcerer banishes /.test(line)) {
        start = k;
        break;
      }
    }
    if (start < 0) return null;
    const after = lines.slice(start).map(([, line]) => line);
    const sorcerer = /^The Sorcerer banishes (.+)\.$/.exec(after[0]);
    if (sorcerer) return { ok: true, text: tr("gs.banished", { ghost: ghostName(sorcerer[1]) }) };
    const who = /^(?:[Tt]he )?(red|green|blue|yellow) Taoist/.exec(after[0]);
    const done = after.map((line) => /^(?:[Tt]he )?(?:red|green|blue|yellow) Taoist exorcises (.+)\.$/.exec(line)).filter(Boolean);
    if (done.length) {
      return { ok: true, text: tr("gs.exorcised", { who: who ? taoistOfColour(who[1]) : "", ghosts: done.map((m) => ghostName(m[1])).join(ctx.lang() === "zh" ? "、" : ", ") }) };
    }
    if (after.some((line) => line === "The exorcism fails.")) return { ok: false, text: tr("gs.failed"), why: failureReasons() };
    return null;
  }

  const abilities = (ghost) => ["arrival", "yin", "exorcised"].flatMap((stone) => ghost[stone] || []);
  const hasAbility = (ghost, kind) => abilities(ghost).some((ab) => ab.kind === kind);

  // Why an exorcism failed, read from the table as it is now (the engine's log says only that it
  // failed): a ghost in play that forbids the Tao tokens or the white face, the facing ghosts'
  // own conditions, and what the facing ghosts need against what the dice show.
  function failureReasons() {
    const v = view();
    const inPlay = v.boards.flatMap((b) => b.spaces).filter((sp) => sp.ghost);
    const reasons = [];
    const blocker = (kind) => inPlay.find((sp) => hasAbility(sp.ghost, kind));
    const tokens = blocker("tao_off");
    if (v.dice.tao_tokens_blocked && tokens) reasons.push(tr("gs.why.tokens", { ghost: ghostName(tokens.ghost.name) }));
    const white = blocker("white_off");
    if (!v.dice.white_wild && white && v.dice.tao.includes("white")) reasons.push(tr("gs.why.white", { ghost: ghostName(white.ghost.name) }));
    const p = activeTile();
    const facing = p === null ? [] : v.village[p].faces_spaces;
    const faced = inPlay.filter((sp) => facing.includes(sp.space));
    const dice = v.dice.tao.length ? v.dice.tao.map(colourName).join(ctx.lang() === "zh" ? "、" : ", ") : tr("gs.why.noDice");
    for (const sp of faced) {
      const name = ghostName(sp.ghost.name);
      if (hasAbility(sp.ghost, "dice_off")) reasons.push(tr("gs.why.dice", { ghost: name }));
      if (hasAbility(sp.ghost, "buddha_required") && !sp.buddha) reasons.push(tr("gs.why.buddha", { ghost: name }));
      if (hasAbility(sp.ghost, "opposite_empty") && spaceOf(sp.opposite)?.ghost) reasons.push(tr("gs.why.opposite", { ghost: name }));
      const need = (sp.ghost.effective_resistance || [sp.ghost.resistance])[0];
      const needText = COLOURS.filter((c) => need[c]).map((c) => `${need[c]} ${colourName(c)}`).join(ctx.lang() === "zh" ? "、" : ", ");
      if (needText) reasons.push(tr("gs.why.needs", { ghost: name, need: needText, dice }));
    }
    return reasons;
  }

  function renderFeedback() {
    const result = ctx.mode === "play" || ctx.mode === "replay" ? lastExorcism() : null;
    feedbackBox.hidden = !result;
    if (!result) {
      feedbackBox.replaceChildren();
      return;
    }
    feedbackBox.className = `gs-feedback ${result.ok ? "ok" : "failed"}`;
    feedbackBox.replaceChildren(el("strong", {}, result.text));
    if (result.why?.length) {
      feedbackBox.append(el("span", {}, ` ${tr("gs.failedWhy")} `, result.why.join(ctx.lang() === "zh" ? "；" : "; "), ctx.lang() === "zh" ? "。" : "."));
    }
  }

  // --- the preview: a card's or a tile's whole text -------------------------------------------

  function previewOf(node) {
    for (let n = node; n && n !== drawing; n = n.parentNode) {
      const a = (name) => n.getAttribute?.(name);
      if (a("data-space") !== null && a("data-space") !== undefined) return { kind: "space", space: Number(a("data-space")) };
      if (a("data-tile") !== null && a("data-tile") !== undefined) return { kind: "tile", tile: Number(a("data-tile")) };
      if (a("data-board") !== null && a("data-board") !== undefined) return { kind: "board", board: Number(a("data-board")) };
    }
    return null;
  }

  function ghostPreview(ghost) {
    const effective = (ghost.effective_resistance || [ghost.resistance])[0];
    const total = Object.values(ghost.resistance).reduce((x, y) => x + y, 0);
    const effTotal = Object.values(effective).reduce((x, y) => x + y, 0);
    return [
      el("h3", {}, ghostName(ghost.name), ghost.incarnation ? ` — ${tr("gs.incarnation")}` : ""),
      el("p", {}, `${colourName(ghost.colour)} · ${tr("gs.resistance", { n: effTotal === total ? total : `${total} → ${effTotal}` })}`),
      el("ul", {}, abilityTip(ghost).map((line) => el("li", {}, line))),
    ];
  }

  function renderPreview() {
    const v = view();
    let body = null;
    if (preview?.kind === "tile") {
      const tile = v.village[preview.tile];
      body = [
        el("h3", {}, tileName(preview.tile), tile.haunted ? ` — ${tr("gs.haunted")}` : ""),
        el("p", {}, ctx.tOr(`gs.tiletext.${tile.id}`, tile.text)),
      ];
    } else if (preview?.kind === "space") {
      const ghost = spaceOf(preview.space)?.ghost;
      body = ghost ? ghostPreview(ghost) : [el("h3", {}, spaceName(preview.space))];
    } else if (preview?.kind === "card" && v.decision?.card) {
      body = ghostPreview(v.decision.card);
    } else if (preview?.kind === "board") {
      const board = v.boards[preview.board];
      const taoist = v.taoists.find((x) => x.board === board.board);
      body = [
        el("h3", {}, board.seat !== null ? taoistName(board.board) : `${tr("gs.neutralTitle")} · ${sideName(board.side)}`),
        el("p", {}, el("strong", {}, powerName(board.power)), board.power.active ? "" : ` (${tr("gs.sealed")})`, ": ", ctx.tOr(`gs.powertext.${board.power.id}`, board.power.text)),
        taoist ? el("p", {}, `${tr("gs.qi")} ${taoist.qi} · `, tr("gs.preview.tokens", { tokens: COLOURS.map((c) => `${colourName(c)} ${taoist.tokens[c]}`).join(", ") })) : null,
      ];
    }
    previewBox.hidden = !body;
    if (!body) return;
    const close = el("button", { type: "button", class: "small gs-preview-close", id: "gs-preview-close" }, tr("gs.preview.close"));
    close.addEventListener("click", () => {
      preview = null;
      renderPreview();
    });
    previewBox.replaceChildren(el("div", { class: "gs-preview-body" }, body), close);
  }

  function openPreview(what) {
    if (!what) return;
    preview = what;
    renderPreview();
  }

  // A long press (touch) or a right click opens the preview of a target too, without choosing it.
  drawing.addEventListener("contextmenu", (event) => {
    const what = previewOf(event.target);
    if (!what) return;
    event.preventDefault();
    openPreview(what);
  });
  decisionBox.addEventListener("click", (event) => {
    if (event.target.closest?.(".gs-drawn-card")) openPreview({ kind: "card" });
  });

  function renderInfo() {
    const v = view();
    const activeBoard = v.boards[v.active_board];
    const deckTip = v.deck.incarnations_at.length ? tr("gs.deck.tip", { k: v.deck.incarnations_at[0] }) : "";
    const mantra = v.mantra.removed ? tr("gs.mantraRemoved") : v.mantra.space !== null ? tr("gs.mantraOn", { space: presentGhostName(v.mantra.space) }) : null;
    const hasMantra = v.boards.some((b) => b.power.id === "enfeeblement_mantra");
    const parts = [
      chip(tr("gs.turn", { n: v.turn }), { id: "gs-turn" }),
      chip(tr("gs.activeBoard", { side: sideName(activeBoard.side) }), { class: "gs-chip strong", style: `border-color:${FILL[activeBoard.colour]}` }),
      chip(tr(`gs.phase.${v.phase}`)),
      chip(tr("gs.deck", { n: v.deck.size }), { id: "gs-deck", title: deckTip }),
      chip(tr("gs.incarnations", { done: v.incarnations.exorcised.length, total: v.incarnations.total })),
      chip(tr("gs.hauntedTiles", { n: v.haunted_tiles, limit: v.haunted_tiles_lose_at ?? "—" }), { class: v.haunted_tiles_lose_at && v.haunted_tiles >= v.haunted_tiles_lose_at - 1 ? "gs-chip danger" : "gs-chip" }),
      el(
        "span",
        { class: "gs-chip", id: "gs-circle" },
        `${tr("gs.circle")}: `,
        v.circle_of_prayer ? el("span", { class: "gs-token", style: `background:${FILL[v.circle_of_prayer]}` }) : "—",
      ),
      hasMantra || v.mantra.space !== null || v.mantra.removed ? chip(mantra ?? tr("gs.mantraFree"), { id: "gs-mantra" }) : null,
      el(
        "span",
        { class: "gs-chip", title: COLOURS.map((c) => `${colourName(c)} ${v.supply.tao_tokens[c]}`).join(", ") },
        tr("gs.supply", { qi: v.supply.qi }),
        " ",
        COLOURS.map((c) => el("span", { class: "gs-token small", style: `background:${FILL[c]}` }, String(v.supply.tao_tokens[c]))),
      ),
      chip(tr("gs.level", { level: tr(`gs.level.${v.level}`) })),
    ];
    const dice = diceRow("gs-dice");
    const children = [el("div", { class: "gs-chips" }, parts), dice];
    if (v.result) {
      children.unshift(
        el(
          "div",
          { class: `gs-result ${v.result}`, id: "gs-result" },
          tr(`gs.result.${v.result}`),
          v.end_reason ? ` ${tr("gs.because", { reason: ctx.lang() === "zh" ? zhReason(v.end_reason) : v.end_reason })}` : "",
          ` · ${tr("gs.score", { n: v.score.total })}`,
        ),
      );
    }
    infoBar.replaceChildren(...children);
  }

  // --- the decision panel --------------------------------------------------------------------

  function renderDecision() {
    decisionBox.replaceChildren();
    if (ctx.mode !== "play" || frame.status === "finished") {
      decisionBox.hidden = true;
      return;
    }
    decisionBox.hidden = false;
    const v = view();
    const decision = frame.decision;
    if (!decision) {
      const who = v.decision ? ctx.seatName(v.decision.seat) : "";
      decisionBox.classList.add("idle");
      decisionBox.append(el("p", { class: "muted gs-waiting" }, ctx.seat === null ? tr("gs.spectating") : tr("gs.waiting", { who })));
      // The other seats' moves, as they come, one state at a time.
      const recent = v.log.slice(-3).map(logLine);
      decisionBox.append(el("ul", { class: "gs-recent", id: "gs-recent" }, recent.map((line) => el("li", {}, line))));
      if (v.decision?.card) decisionBox.append(drawnCard(v.decision.card));
      return;
    }
    decisionBox.classList.remove("idle");
    decisionBox.append(
      el("h2", {}, `${tr("gs.yourMove")}: ${ctx.tOr(`gs.decision.${decisionName(decision)}`, decision.name)}`),
    );
    const promptText = decisionName(decision) !== decision.name ? "" : ctx.lang() === "en" ? decision.prompt : ctx.tOr(`gs.prompt.${decision.name}`, "");
    if (promptText) decisionBox.append(el("p", { class: "prompt" }, promptText));
    if (v.decision?.card) decisionBox.append(drawnCard(v.decision.card));
    if (["resolve_exorcism", "reroll_tao_dice", "reroll_curse_die", "herbalist_white"].includes(decision.name)) {
      decisionBox.append(diceRow("gs-decision-dice"));
    }
    const targets = pick.nextTargets();
    const kinds = new Set([...targets].map((k) => k.split(":")[0]));
    // What a click on each kind of target does: "Click a highlighted tile: ask for help."
    const doing = new Map();
    for (const e of pick.candidates()) {
      const step = steps(e.action)[pick.selection.length];
      if (!step) continue;
      for (const k of step) {
        const kind = k.split(":")[0];
        if (!doing.has(kind)) doing.set(kind, new Set());
        doing.get(kind).add(tr(`gs.kind.${e.action.kind}`));
      }
    }
    const hints = [...kinds]
      .filter((k) => k !== "colour")
      .map((k) => el("li", {}, tr(`gs.hint.${k}`), " ", el("span", { class: "gs-doing" }, [...(doing.get(k) || [])].join(" · "))));
    if (hints.length) decisionBox.append(el("ul", { class: "gs-hint gs-hints" }, hints));
    if (kinds.has("colour")) {
      const colours = [...targets].filter((k) => k.startsWith("colour:")).map((k) => k.slice(7));
      decisionBox.append(el("p", { class: "gs-hint" }, tr("gs.hint.colour")));
      decisionBox.append(
        el(
          "div",
          { class: "gs-colours", role: "group" },
          colours.map((c) => {
            const b = el("button", { type: "button", class: "gs-colour", dataset: { target: `colour:${c}` }, style: `background:${FILL[c]};color:${INK[c]}` }, colourName(c));
            b.addEventListener("click", () => pick.choose(`colour:${c}`));
            return b;
          }),
        ),
      );
    }
    // Actions that the board cannot point at, and the choices left after a click.
    const buttons = [];
    const left = pick.selection.length ? pick.candidates() : [];
    if (pick.selection.length && left.length > 1) {
      // The choices left as buttons too, unless the board says it better (a long list of spaces).
      const onlyColours = targets.size > 0 && [...targets].every((k) => k.startsWith("colour:"));
      if (!onlyColours && (!targets.size || left.length <= 6)) {
        decisionBox.append(el("p", { class: "gs-hint" }, tr("gs.hint.choose")));
        buttons.push(...left.map((e) => actionButton(e)));
      }
    } else {
      buttons.push(...decision.actions.filter((e) => isYinYang(e) === yinYangMode && steps(e.action).length === 0).map((e) => actionButton(e)));
    }
    const controls = [];
    if (pick.selection.length) {
      const cancel = el("button", { type: "button", class: "gs-cancel", id: "gs-cancel" }, tr("gs.cancel"));
      cancel.addEventListener("click", () => {
        pick.selection = [];
        render();
      });
      controls.push(cancel);
    }
    if (decision.actions.some(isYinYang)) {
      const toggle = el("button", { type: "button", class: `gs-yy${yinYangMode ? " on" : ""}`, id: "gs-yinyang" }, yinYangMode ? tr("gs.stopYinYang") : tr("gs.useYinYang"));
      toggle.addEventListener("click", () => {
        yinYangMode = !yinYangMode;
        pick.selection = [];
        render();
      });
      controls.push(toggle);
    }
    if (buttons.length || controls.length) decisionBox.append(el("div", { class: "actions", role: "group" }, buttons, controls));
    if (pick.refusal) decisionBox.append(el("p", { class: "gs-refusal", role: "alert" }, pick.refusal));
    // Every legal action as a button, whatever the board can express.
    decisionBox.append(
      el(
        "details",
        { class: "advanced gs-all" },
        el("summary", {}, `${tr("gs.allActions")} (${decision.actions.length})`),
        el("div", { class: "actions" }, decision.actions.map((e) => actionButton(e, "action gs-any"))),
      ),
    );
  }

  // The decision's name as titled: the Buddha step with no Buddha to place only ends the turn.
  function decisionName(decision) {
    if (decision.name === "yang_buddha" && !decision.actions.some((e) => e.action.kind === "place_buddha")) return "end_turn";
    return decision.name;
  }

  function drawnCard(card) {
    const box = svg("svg", { class: "gs-drawn-card", viewBox: "0 0 170 130", width: 238, height: 182 });
    box.append(ghostCard({ ...card, effective_resistance: [card.resistance], haunting_step: null, mantra: false }, { x: 2, y: 2, w: 166, h: 126 }));
    return el("div", { class: "gs-drawn" }, el("span", { class: "muted" }, `${tr("gs.drawn")}: `), box);
  }

  // --- what happened ---------------------------------------------------------------------------

  // The game's events up to this frame (a replay's earlier step shows fewer): `[index, line]`,
  // with the count of earlier lines this tab never received.
  const eventsSoFar = () => history.upTo(view().log_length);

  const TURN_LINE = /^Turn (\d+): /;

  function renderEvents() {
    const v = view();
    const { lines, missing } = eventsSoFar();
    // One group per turn, headed by the turn's own line; the setup's lines come first.
    const log = historyBox({
      prefix: "gs",
      label: tr("gs.events"),
      lines,
      missing,
      missingText: tr("gs.eventsMissing", { n: missing }),
      setup: tr("gs.setup"),
      head: (line) => {
        const m = TURN_LINE.exec(line);
        return m ? { key: m[1], text: logLine(line), opens: true } : null;
      },
      word: logLine,
      old: eventsBox.querySelector(".gs-log"),
    });
    const discard = v.discard;
    eventsBox.replaceChildren(
      el("h2", {}, tr("gs.events")),
      log,
      el(
        "details",
        { class: "gs-discard" },
        el("summary", {}, tr("gs.discard", { n: discard.length })),
        el(
          "p",
          {},
          discard.map((c) => el("span", { class: "gs-discard-card", style: `border-color:${FILL[c.colour]}` }, ghostName(c.name))),
        ),
      ),
    );
  }

  function render() {
    if (!frame || !frame.view) return;
    history.keep(frame);
    renderDecision();
    renderInfo();
    drawBoard();
    renderFeedback();
    zoom.render();
    renderPreview();
    renderEvents();
  }

  return {
    update(next) {
      const sameTable = frame && frame.table === next.table;
      const moved = !frame || frame.version !== next.version;
      if (moved) {
        previous = sameTable ? frame.view : null;
        pick.selection = [];
        pick.refusal = "";
        if (!next.decision || !next.decision.actions.some(isYinYang)) yinYangMode = false;
      }
      frame = next;
      render();
      shownRoll = frame.view ? (lastRoll("tao")?.index ?? -1) : shownRoll;
    },
    // The shell's log: a past action in the interface's language.
    logText(entry) {
      return frame ? label(entry, true) : null;
    },
    destroy() {
      root.replaceChildren();
    },
  };
}
