// The Run, Ghost, Run! table: the hall from above in SVG (furniture, ghosts, doors, the keyhole),
// every decision played by clicking it, and after each look a perspective picture of what the
// keyhole saw, drawn from the eye, the field of view and the furniture boxes the engine's sight
// test used (the view's `last_turn.looks[].scene`). It reads only the engine's view and the
// seat's legal actions (the `state` frame); no rule is worked out here.
// Contract: docs/protocol.md ("Table modules").

import { createHistory, historyBox } from "/static/js/history.js";
import { createPicker } from "/static/js/picking.js";
import { svg } from "/static/js/svg.js";
import { createZoom } from "/static/js/zoom.js";

// Hot seat: a seat's plan is its own, so the table passes to the next seat held in this browser
// behind a hand-over screen.
export const hotSeat = "hand-over";


// The top view: one space is S units, with a margin M around the hall for doors and homes.
const S = 84;
const M = 78;
const N = 6;
const SIZE = 2 * M + N * S;

// The keyhole picture: its size follows the field of view's aspect (tan 35 / tan 30).
const PW = 520;
const PH = Math.round((PW * Math.tan((30 * Math.PI) / 180)) / Math.tan((35 * Math.PI) / 180));

const COLOUR = { red: "#d2453d", blue: "#3d6fd1", green: "#3c9a52", orange: "#e9891c" };
const PALE = { red: "#f6c9c5", blue: "#c8d7f6", green: "#c6e8cf", orange: "#fbdcb6" };
const WOOD = {
  piano: ["#2f2a2e", "#4a4248", "#1e1a1d"],
  desk: ["#8b5a2b", "#a8703b", "#5f3c1c"],
  table: ["#b07d45", "#c99659", "#7c5630"],
  armchair: ["#9b3a4e", "#b85268", "#6b2535"],
  trolley: ["#6f7f8c", "#8d9ca8", "#4c5862"],
  mirror: ["#8a7b62", "#a8977a", "#62573f"],
};
const GHOST_R = { small: 11, medium: 15, large: 21 };
const SIDES = ["south", "west", "north", "east"];

const EN = {
  "game.run-ghost-run.title": "Run, Ghost, Run!",
  "game.run-ghost-run.seat.red": "Red",
  "game.run-ghost-run.seat.blue": "Blue",
  "game.run-ghost-run.seat.green": "Green",
  "game.run-ghost-run.seat.orange": "Orange",
  "game.run-ghost-run.option.merging": "Ghost Merging",
  "game.run-ghost-run.option.merging.help": "Ghosts start small and merge into bigger ones.",
  "game.run-ghost-run.option.midnight": "Midnight Strikes",
  "game.run-ghost-run.option.midnight.help": "From turn 2, a Midnight Strikes card is drawn each turn.",
  "game.run-ghost-run.option.layout": "Starting layout",
  "game.run-ghost-run.option.layout.help": "Where the furniture stands as the game starts: balanced for every seat, or the classic hall of rules 2.0.",
  "game.run-ghost-run.option.layout.balanced": "Balanced",
  "game.run-ghost-run.option.layout.classic": "Classic",
  "game.run-ghost-run.public.seals a movement plan": "Seals a movement plan",
  "rgr.piece.piano": "piano",
  "rgr.piece.desk": "desk",
  "rgr.piece.table": "table",
  "rgr.piece.armchair": "armchair",
  "rgr.piece.trolley": "trolley",
  "rgr.piece.mirror": "mirror",
  "rgr.side.south": "south",
  "rgr.side.west": "west",
  "rgr.side.north": "north",
  "rgr.side.east": "east",
  "rgr.place.floor": "on the floor",
  "rgr.place.under": "under",
  "rgr.place.on": "on top",
  "rgr.place.inside": "inside",
  "rgr.size.small": "small",
  "rgr.size.medium": "medium",
  "rgr.size.large": "large",
  "rgr.posture.standing": "standing",
  "rgr.posture.tipped": "tipped over",
  "rgr.posture.lying": "lying down",
  "rgr.where.reserve": "at home",
  "rgr.where.hall": "in the hall",
  "rgr.where.exited": "out",
  "rgr.where.unused": "not in play",
  "rgr.phase.furniture": "Moving furniture",
  "rgr.phase.midnight": "Midnight Strikes",
  "rgr.phase.plan": "Movement plans",
  "rgr.phase.keyhole": "The keyhole",
  "rgr.phase.over": "Game over",
  "rgr.turn": "Turn {n} of {total}",
  "rgr.dieHolder": "Die: {who}",
  "rgr.piles": "Movement pile {n}",
  "rgr.keyholeAt": "Keyhole: {side} door {door}",
  "rgr.crystal": "Crystal Ball: door {n}",
  "rgr.decision.move_furniture": "Move a piece of furniture?",
  "rgr.decision.place_furniture": "Put the {piece} down",
  "rgr.decision.plan_movement": "Plan your ghosts' moves",
  "rgr.decision.choose_keyhole_side": "Choose the keyhole's side",
  "rgr.decision.tag_youre_it": "Tag, You're It",
  "rgr.decision.big_brother": "I'll Tell My Big Brother",
  "rgr.yourMove": "Your move",
  "rgr.waiting": "Waiting for {who}",
  "rgr.spectating": "You are watching",
  "rgr.hint.grasp": "Click a highlighted piece to grasp it, or pass.",
  "rgr.hint.place": "Click a highlighted space: it becomes the piece's south-west corner. Rotate or tip it first if you like.",
  "rgr.hint.ghost": "Click one of your highlighted ghosts (at home or in the hall).",
  "rgr.hint.dest": "Click where {ghost} goes: each space shows what the step costs.",
  "rgr.hint.side": "Click a side of the hall (or a button).",
  "rgr.hint.tag": "Click a highlighted ghost.",
  "rgr.hint.tagPlace": "Click a highlighted space.",
  "rgr.hint.grow": "Click the ghost to replace with a bigger one.",
  "rgr.hint.choose": "Choose one:",
  "rgr.rotate": "Rotate ⟳",
  "rgr.tip": "Tip it over",
  "rgr.standUp": "Stand it up",
  "rgr.facing": "front faces {side}, {posture}",
  "rgr.putBack": "Put it back where it was",
  "rgr.cancel": "Cancel",
  "rgr.pass": "Pass",
  "rgr.seal": "Seal my plan",
  "rgr.log.done": "Seals the plan",
  "rgr.log.seal": "Seals a plan of {n} steps",
  "rgr.log.sealOne": "Seals a plan of 1 step",
  "rgr.sealEmpty": "Seal my plan (no move)",
  "rgr.points": "Movement points: {left} of {total} left",
  "rgr.planNote": "Only you see your plan until every plan is sealed; Undo takes back your last step until you seal the plan.",
  "rgr.planSteps": "Your plan",
  "rgr.noSteps": "No step yet.",
  "rgr.sealed": "Your plan is sealed.",
  "rgr.waitingPlayers": "Waiting for {n} players",
  "rgr.waitingPlayer": "Waiting for 1 player",
  "rgr.stepLine": "{ghost}: {from} → {to}",
  "rgr.cost": "cost {n}",
  "rgr.exit": "exit",
  "rgr.exitHere": "Exit ({n})",
  "rgr.merge": "merge with {ghost}",
  "rgr.act.grasp": "Grasp the {piece}",
  "rgr.act.place": "Place the {piece} at {at}, front {side}, {posture}",
  "rgr.act.step": "{ghost} → {to} ({place}), cost {cost}",
  "rgr.act.stepExit": "{ghost} leaves the hall, cost {cost}",
  "rgr.act.keyhole": "Keyhole on the {side} side",
  "rgr.act.tag": "Tag {ghost}",
  "rgr.act.tag_place": "Place a small ghost on {to}",
  "rgr.act.grow": "Grow {ghost}",
  "rgr.allActions": "All legal actions",
  "rgr.refused": "Refused: {reason}",
  "rgr.players": "Players",
  "rgr.col.player": "Player",
  "rgr.col.sides": "Start → exit",
  "rgr.col.card": "Card",
  "rgr.col.points": "Points",
  "rgr.col.home": "Home",
  "rgr.col.out": "Out",
  "rgr.col.plan": "Plan",
  "rgr.planDone": "sealed",
  "rgr.planOpen": "planning…",
  "rgr.you": "you",
  "rgr.noFurniture": "no furniture",
  "rgr.midnight": "Midnight Strikes",
  "rgr.rollOff": "Roll-off: {rolls}",
  "rgr.chooser": "{who} chooses the keyhole's side",
  "rgr.keyholeTitle": "What the keyhole saw",
  "rgr.keyholeCaption": "Turn {turn}: {side} door {door}",
  "rgr.caught": "Caught: {list}",
  "rgr.caughtNone": "Nobody was caught.",
  "rgr.seenDirect": "seen",
  "rgr.inMirror": " (in the mirror)",
  "rgr.sightNote": "A ghost is caught when the top of its head can be seen, straight or in the mirror; a ghost inside a piece never is.",
  "rgr.seenMirror": "in the mirror",
  "rgr.noLook": "The keyhole has not looked yet: its first picture comes after the first reveal.",
  "rgr.lookNext": "The plans were revealed: the keyhole looks as soon as its side is chosen, and its picture shows here.",
  "rgr.events": "What happened",
  "rgr.log.turn": "Turn {turn}: {text}",
  "rgr.log.moves": "{seat} moves the {piece} to {to}",
  "rgr.log.passes": "{seat} leaves the furniture as it stands",
  "rgr.log.chooses": "{seat} chooses the keyhole's side",
  "rgr.log.sees": "the keyhole at {side} door {door} sees {ghosts}",
  "rgr.log.nobody": "nobody",
  "rgr.log.takesPlace": "{ghost} takes the place of {other}",
  "rgr.log.placed": "{ghost} is placed on {to}",
  "rgr.log.replaces": "{ghost} replaces {other}",
  "rgr.log.mirror": "{ghost} faces the mirror on {at}",
  "rgr.log.midnight": "{seat} draws Midnight Strikes: {card}",
  "rgr.log.knock": "Knock, Knock, Knock: the keyhole stays on the {side} side",
  "rgr.log.noCards": "no Movement cards are left: the game ends",
  "rgr.log.revealed": "the plans are revealed",
  "rgr.log.revealedNone": "the plans are revealed: no ghost moves",
  "rgr.log.enters": "{ghost} enters the hall at {to}",
  "rgr.log.goes": "{ghost} moves from {from} to {to}",
  "rgr.log.short": "{ghost} stops short on {at} instead of {planned}",
  "rgr.log.staysHome": "{ghost} stays at home: no room toward {planned}",
  "rgr.log.stays": "{ghost} stays on {at}: no room toward {planned}",
  "rgr.log.exits": "{ghost} leaves the hall by its exit",
  "rgr.log.merges": "{ghost} and {other} merge into {into} on {at}",
  "rgr.log.rollOff": "the roll-off for the keyhole: {rolls}",
  "rgr.log.roll": "{seat} {face}",
  "rgr.history.turn": "Turn {turn}",
  "rgr.history.setup": "Before the first turn",
  "rgr.history.missing": "{n} earlier events were not received; the replay shows them all once the game is over.",
  "rgr.home": "home",
  "rgr.stacked": "on the {piece}",
  "rgr.result": "Final points: {list}",
  "rgr.winner": "Winner: {who}",
  "rgr.winners": "Tied at the top: {who}",
  "rgr.draw": "Everyone ties",
};

const ZH = {
  "game.run-ghost-run.title": "幽灵快跑！",
  "game.run-ghost-run.seat.red": "红方",
  "game.run-ghost-run.seat.blue": "蓝方",
  "game.run-ghost-run.seat.green": "绿方",
  "game.run-ghost-run.seat.orange": "橙方",
  "game.run-ghost-run.option.merging": "幽灵合体",
  "game.run-ghost-run.option.merging.help": "幽灵从小个子开始，合体变大。",
  "game.run-ghost-run.option.midnight": "午夜钟声",
  "game.run-ghost-run.option.midnight.help": "从第 2 回合起，每回合抽一张午夜钟声牌。",
  "game.run-ghost-run.option.layout": "开局摆设",
  "game.run-ghost-run.option.layout.help": "开局时家具摆在哪里：对每个座位都公平的摆法，或者 2.0 版规则的经典大厅。",
  "game.run-ghost-run.option.layout.balanced": "均衡",
  "game.run-ghost-run.option.layout.classic": "经典",
  "game.run-ghost-run.public.seals a movement plan": "封存了移动计划",
  "rgr.piece.piano": "钢琴",
  "rgr.piece.desk": "书桌",
  "rgr.piece.table": "餐桌",
  "rgr.piece.armchair": "扶手椅",
  "rgr.piece.trolley": "小推车",
  "rgr.piece.mirror": "镜子",
  "rgr.side.south": "南",
  "rgr.side.west": "西",
  "rgr.side.north": "北",
  "rgr.side.east": "东",
  "rgr.place.floor": "地上",
  "rgr.place.under": "下面",
  "rgr.place.on": "上面",
  "rgr.place.inside": "里面",
  "rgr.size.small": "小",
  "rgr.size.medium": "中",
  "rgr.size.large": "大",
  "rgr.posture.standing": "立着",
  "rgr.posture.tipped": "翻倒",
  "rgr.posture.lying": "躺下",
  "rgr.where.reserve": "在家",
  "rgr.where.hall": "在大厅",
  "rgr.where.exited": "已离开",
  "rgr.where.unused": "未入场",
  "rgr.phase.furniture": "移动家具",
  "rgr.phase.midnight": "午夜钟声",
  "rgr.phase.plan": "移动计划",
  "rgr.phase.keyhole": "钥匙孔",
  "rgr.phase.over": "游戏结束",
  "rgr.turn": "第 {n}/{total} 回合",
  "rgr.dieHolder": "骰子：{who}",
  "rgr.piles": "移动牌堆 {n}",
  "rgr.keyholeAt": "钥匙孔：{side}侧 {door} 号门",
  "rgr.crystal": "水晶球：{n} 号门",
  "rgr.decision.move_furniture": "要移动一件家具吗？",
  "rgr.decision.place_furniture": "放下{piece}",
  "rgr.decision.plan_movement": "规划幽灵的移动",
  "rgr.decision.choose_keyhole_side": "选择钥匙孔的一侧",
  "rgr.decision.tag_youre_it": "抓到你了",
  "rgr.decision.big_brother": "我要告诉我哥",
  "rgr.yourMove": "轮到你",
  "rgr.waiting": "等待 {who}",
  "rgr.spectating": "你在观战",
  "rgr.hint.grasp": "点击高亮的家具拿起它，或者跳过。",
  "rgr.hint.place": "点击高亮的格子：它成为家具的西南角。可以先旋转或翻倒。",
  "rgr.hint.ghost": "点击一个高亮的幽灵（在家或在大厅里）。",
  "rgr.hint.dest": "点击 {ghost} 要去的格子：每格都标出这一步的花费。",
  "rgr.hint.side": "点击大厅的一侧（或按钮）。",
  "rgr.hint.tag": "点击一个高亮的幽灵。",
  "rgr.hint.tagPlace": "点击一个高亮的格子。",
  "rgr.hint.grow": "点击要换成大一号的幽灵。",
  "rgr.hint.choose": "选择其一：",
  "rgr.rotate": "旋转 ⟳",
  "rgr.tip": "翻倒",
  "rgr.standUp": "立起来",
  "rgr.facing": "正面朝{side}，{posture}",
  "rgr.putBack": "放回原处",
  "rgr.cancel": "取消",
  "rgr.pass": "跳过",
  "rgr.seal": "封存我的计划",
  "rgr.log.done": "封存计划",
  "rgr.log.seal": "封存计划（{n} 步）",
  "rgr.log.sealOne": "封存计划（1 步）",
  "rgr.sealEmpty": "封存我的计划（不移动）",
  "rgr.points": "移动点数：剩 {left}/{total}",
  "rgr.planNote": "所有计划封存之前，只有你能看到自己的计划；封存之前，可以用“撤销”收回最后一步。",
  "rgr.planSteps": "你的计划",
  "rgr.noSteps": "还没有移动。",
  "rgr.sealed": "你的计划已封存。",
  "rgr.waitingPlayers": "等待 {n} 位玩家",
  "rgr.waitingPlayer": "等待 1 位玩家",
  "rgr.stepLine": "{ghost}：{from} → {to}",
  "rgr.cost": "花费 {n}",
  "rgr.exit": "出口",
  "rgr.exitHere": "离开（{n}）",
  "rgr.merge": "与 {ghost} 合体",
  "rgr.act.grasp": "拿起{piece}",
  "rgr.act.place": "{piece}放在 {at}，正面朝{side}，{posture}",
  "rgr.act.step": "{ghost} → {to}（{place}），花费 {cost}",
  "rgr.act.stepExit": "{ghost} 离开大厅，花费 {cost}",
  "rgr.act.keyhole": "钥匙孔放在{side}侧",
  "rgr.act.tag": "替换 {ghost}",
  "rgr.act.tag_place": "在 {to} 放一个小幽灵",
  "rgr.act.grow": "把 {ghost} 换大",
  "rgr.allActions": "全部合法行动",
  "rgr.refused": "被拒绝：{reason}",
  "rgr.players": "玩家",
  "rgr.col.player": "玩家",
  "rgr.col.sides": "出发 → 出口",
  "rgr.col.card": "移动牌",
  "rgr.col.points": "得分",
  "rgr.col.home": "在家",
  "rgr.col.out": "已离开",
  "rgr.col.plan": "计划",
  "rgr.planDone": "已封存",
  "rgr.planOpen": "规划中…",
  "rgr.you": "你",
  "rgr.noFurniture": "无家具",
  "rgr.midnight": "午夜钟声",
  "rgr.rollOff": "掷骰比大小：{rolls}",
  "rgr.chooser": "{who} 选择钥匙孔的一侧",
  "rgr.keyholeTitle": "钥匙孔看到了什么",
  "rgr.keyholeCaption": "第 {turn} 回合：{side}侧 {door} 号门",
  "rgr.caught": "被发现：{list}",
  "rgr.caughtNone": "没有幽灵被发现。",
  "rgr.seenDirect": "直接看到",
  "rgr.inMirror": "（镜中看到）",
  "rgr.sightNote": "能看到幽灵的头顶（直接或在镜中）就算被发现；藏在家具里面的幽灵永远看不到。",
  "rgr.seenMirror": "镜中看到",
  "rgr.noLook": "钥匙孔还没有看过：第一次揭晓之后才有画面。",
  "rgr.lookNext": "移动计划已揭晓：选定钥匙孔的一侧后它就会看，画面显示在这里。",
  "rgr.events": "发生了什么",
  "rgr.log.turn": "第 {turn} 回合：{text}",
  "rgr.log.moves": "{seat}把{piece}移到 {to}",
  "rgr.log.passes": "{seat}没有移动家具",
  "rgr.log.chooses": "{seat}选择钥匙孔的一侧",
  "rgr.log.sees": "{side}侧 {door} 号门的钥匙孔看到：{ghosts}",
  "rgr.log.nobody": "没有幽灵",
  "rgr.log.takesPlace": "{ghost} 取代了 {other}",
  "rgr.log.placed": "{ghost} 被放在 {to}",
  "rgr.log.replaces": "{ghost} 换下了 {other}",
  "rgr.log.mirror": "{ghost} 在 {at} 面对镜子",
  "rgr.log.midnight": "{seat}抽到午夜钟声：{card}",
  "rgr.log.knock": "咚，咚，咚：钥匙孔留在{side}侧",
  "rgr.log.noCards": "移动牌用完了：游戏结束",
  "rgr.log.revealed": "揭晓移动计划",
  "rgr.log.revealedNone": "揭晓移动计划：没有幽灵移动",
  "rgr.log.enters": "{ghost} 进入大厅，到达 {to}",
  "rgr.log.goes": "{ghost} 从 {from} 移到 {to}",
  "rgr.log.short": "{ghost} 停在 {at}，没能到达 {planned}",
  "rgr.log.staysHome": "{ghost} 留在家中：前往 {planned} 的路上没有空位",
  "rgr.log.stays": "{ghost} 留在 {at}：前往 {planned} 的路上没有空位",
  "rgr.log.exits": "{ghost} 从出口离开大厅",
  "rgr.log.merges": "{ghost} 与 {other} 在 {at} 合体为 {into}",
  "rgr.log.rollOff": "争夺钥匙孔的掷骰：{rolls}",
  "rgr.log.roll": "{seat} {face} 点",
  "rgr.history.turn": "第 {turn} 回合",
  "rgr.history.setup": "第一回合之前",
  "rgr.history.missing": "更早的 {n} 条记录未收到；游戏结束后回放会显示全部记录。",
  "rgr.home": "家",
  "rgr.stacked": "在{piece}上",
  "rgr.result": "最终得分：{list}",
  "rgr.winner": "获胜：{who}",
  "rgr.winners": "并列第一：{who}",
  "rgr.draw": "全体平局",
  // The Midnight Strikes cards (the English texts come with the view).
  "rgr.mc.double_curious": "双重好奇",
  "rgr.mc.double_curious.text": "本回合看完钥匙孔后，钥匙孔移到对面一侧同号的门，再看一次，并留在那里。",
  "rgr.mc.everybody_to_shelter": "全体隐蔽",
  "rgr.mc.everybody_to_shelter.text": "大厅里的幽灵都躺下；本回合所有幽灵躺着移动。",
  "rgr.mc.overexcited": "过度兴奋",
  "rgr.mc.overexcited.text": "把家具翻倒在侧面；新的位置仍不能超出大厅。",
  "rgr.mc.grimace_contest": "鬼脸大赛",
  "rgr.mc.grimace_contest.text": "把镜子立起来，镜面朝向大厅中央。每人依次从家里拿一个小幽灵，放在尽量靠近镜子的地方，面对镜子。这些幽灵本回合不能移动。",
  "rgr.mc.tag_youre_it": "抓到你了",
  "rgr.mc.tag_youre_it.text": "依次用自己家里的一个小幽灵，替换右手邻座在本牌之前藏在大厅里的一个小幽灵。若邻座没有，就把它放在离自己出发一侧 3 格的地方。",
  "rgr.mc.dance_floor": "舞池",
  "rgr.mc.dance_floor.text": "每件家具移到离它最近的那一侧墙边，不能超出大厅。幽灵留在原来的格子上。",
  "rgr.mc.perched_cat": "猫儿爬高",
  "rgr.mc.perched_cat.text": "回合结束时，没有待在家具上面的幽灵都回到出发一侧。",
  "rgr.mc.big_brother": "我要告诉我哥",
  "rgr.mc.big_brother.text": "如果可以，用家里大一号的幽灵替换你在大厅里的一个幽灵。",
  "rgr.mc.knock_knock": "咚，咚，咚",
  "rgr.mc.knock_knock.text": "本回合结束时没人选择钥匙孔的一侧：它留在原来那一侧，仍掷骰决定哪扇门。",
  "rgr.mc.im_dizzy": "我头晕",
  "rgr.mc.im_dizzy.text": "把游戏板顺时针转四分之一圈。你的幽灵换了出发一侧，要从它的对面离开。",
  "rgr.mc.crystal_ball": "水晶球",
  "rgr.mc.crystal_ball.text": "掷骰：本回合选择钥匙孔位置的玩家必须把它放在这个号码的门上。",
  "rgr.mc.one_two_three_sun": "一二三木头人",
  "rgr.mc.one_two_three_sun.text": "你的幽灵各向出口前进一格（可能因此离开大厅）。",
};

export const strings = { en: EN, zh: ZH };

// ----- small helpers -------------------------------------------------------------------------


const f1 = (v) => Math.round(v * 10) / 10;

// World (x east, y north, in spaces) to the top view.
const px = (x) => M + x * S;
const py = (y) => M + (N - y) * S;

function parseSpace(name) {
  return { col: name.charCodeAt(0) - 65, row: Number(name.slice(1)) - 1 };
}

// A ghost figure (round head, wavy hem) centred on (0, 0), `r` wide and `1.25 r` high.
function ghostShape(r, attrs = {}) {
  const w = r;
  const h = r * 1.25;
  const top = -h / 2;
  const bottom = h / 2;
  const d = [
    `M ${f1(-w)} ${f1(bottom)}`,
    `L ${f1(-w)} ${f1(top + w)}`,
    `A ${f1(w)} ${f1(w)} 0 0 1 ${f1(w)} ${f1(top + w)}`,
    `L ${f1(w)} ${f1(bottom)}`,
    `Q ${f1(w * 0.67)} ${f1(bottom - r * 0.35)} ${f1(w / 3)} ${f1(bottom)}`,
    `Q 0 ${f1(bottom - r * 0.35)} ${f1(-w / 3)} ${f1(bottom)}`,
    `Q ${f1(-w * 0.67)} ${f1(bottom - r * 0.35)} ${f1(-w)} ${f1(bottom)} Z`,
  ].join(" ");
  const eye = Math.max(1.3, r * 0.16);
  return svg(
    "g",
    attrs,
    svg("path", { d, class: "rgr-ghost-body" }),
    svg("circle", { cx: f1(-w * 0.35), cy: f1(top + w * 0.95), r: f1(eye), class: "rgr-ghost-eye" }),
    svg("circle", { cx: f1(w * 0.35), cy: f1(top + w * 0.95), r: f1(eye), class: "rgr-ghost-eye" }),
  );
}

// ----- the perspective picture -----------------------------------------------------------------

const dot = (a, b) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const sub = (a, b) => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];

// A camera from the engine's eye: camera coordinates (right, up, ahead) and the picture's pixels.
function camera(eye) {
  const tanH = Math.tan((eye.half_horizontal_degrees * Math.PI) / 180);
  const tanV = Math.tan((eye.half_vertical_degrees * Math.PI) / 180);
  const toCam = (p) => {
    const d = sub(p, eye.position);
    return [dot(d, eye.right), dot(d, eye.up), dot(d, eye.forward)];
  };
  const toScreen = (c) => [PW / 2 + (c[0] / c[2] / tanH) * (PW / 2), PH / 2 - (c[1] / c[2] / tanV) * (PH / 2)];
  const near = 0.02;
  // A polygon (world points) clipped to the space ahead of the eye, in picture pixels.
  const polygon = (points) => {
    const cam = points.map(toCam);
    const out = [];
    for (let i = 0; i < cam.length; i++) {
      const a = cam[i];
      const b = cam[(i + 1) % cam.length];
      const ina = a[2] >= near;
      const inb = b[2] >= near;
      if (ina) out.push(a);
      if (ina !== inb) {
        const t = (near - a[2]) / (b[2] - a[2]);
        out.push([a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, near]);
      }
    }
    return out.length >= 3 ? out.map(toScreen) : null;
  };
  const scale = (c) => PW / 2 / (c[2] * tanH); // pixels per world unit at depth c
  return { toCam, toScreen, polygon, scale, position: eye.position };
}

const points = (poly) => poly.map(([x, y]) => `${f1(x)},${f1(y)}`).join(" ");

// The six faces of a box, each with its outward normal and the shade it takes.
function boxFaces(b) {
  const [x0, y0, z0, x1, y1, z1] = b;
  return [
    { pts: [[x0, y0, z1], [x1, y0, z1], [x1, y1, z1], [x0, y1, z1]], n: [0, 0, 1], shade: 1 },
    { pts: [[x0, y0, z0], [x0, y1, z0], [x1, y1, z0], [x1, y0, z0]], n: [0, 0, -1], shade: 2 },
    { pts: [[x0, y0, z0], [x1, y0, z0], [x1, y0, z1], [x0, y0, z1]], n: [0, -1, 0], shade: 0 },
    { pts: [[x1, y1, z0], [x0, y1, z0], [x0, y1, z1], [x1, y1, z1]], n: [0, 1, 0], shade: 0 },
    { pts: [[x0, y1, z0], [x0, y0, z0], [x0, y0, z1], [x0, y1, z1]], n: [-1, 0, 0], shade: 2 },
    { pts: [[x1, y0, z0], [x1, y1, z0], [x1, y1, z1], [x1, y0, z1]], n: [1, 0, 0], shade: 2 },
  ];
}

// Distance from the eye to the nearest point of a box (the painter's order: far first).
function boxDistance(b, e) {
  const d = [0, 1, 2].map((k) => Math.max(b[k] - e[k], 0, e[k] - b[k + 3]));
  return Math.hypot(...d);
}

// ----- the module ------------------------------------------------------------------------------

// A line of the engine's log: its turn and what happened.
const TURN_LINE = /^turn (\d+): (.*)$/;

export function mount(root, ctx) {
  const { el, t } = ctx;
  const tr = (key, params) => t(key, params);

  const style = el("link", { rel: "stylesheet", href: "/static/css/run-ghost-run.css" });
  const decisionBox = el("section", { class: "decision rgr-decision", id: "decision" });
  const infoBar = el("div", { class: "rgr-info", id: "rgr-info" });
  const hall = svg("svg", { class: "rgr-hall", id: "rgr-hall", viewBox: `0 0 ${SIZE} ${SIZE}`, role: "group", "aria-label": "hall" });
  const hallWrap = el("div", { class: "rgr-hall-wrap" }, hall);
  const zoomBar = el("div", { class: "rgr-zoom", id: "rgr-zoom", role: "group" });
  const zoom = createZoom(ctx, { bar: zoomBar, prefix: "rgr", boards: () => [hall] });
  const keyholeBox = el("section", { class: "rgr-keyhole card", id: "rgr-keyhole" });
  const playersBox = el("section", { class: "rgr-players card", id: "rgr-players" });
  const eventsBox = el("section", { class: "rgr-events card", id: "rgr-events" });
  // One column on a narrow window (decision, information, players, zoom, hall, keyhole, history); from
  // 1400 px the hall keeps the window's height on the left, the rest beside it (run-ghost-run.css).
  root.append(
    style,
    el(
      "div",
      { class: "rgr-layout" },
      el("div", { class: "rgr-board-col" }, zoomBar, hallWrap),
      el("div", { class: "rgr-side-col" }, decisionBox, infoBar, playersBox, keyholeBox, eventsBox),
    ),
  );
  // The history scrolls to its newest line when drawn; drawn before this stylesheet applies (its
  // height limit), that scroll is lost, so it is done again once the stylesheet has loaded.
  style.addEventListener("load", () => {
    const list = eventsBox.querySelector(".rgr-log");
    if (list) list.scrollTop = list.scrollHeight;
  });

  let frame = null;
  // Every line of the game's log, kept as the views bring them, the earlier ones asked for once.
  const history = createHistory(ctx, () => render());
  let mode = null; // the placement being composed: {rotation, posture}
  let hover = null; // the space under the pointer while placing

  const view = () => frame.view;
  const sideName = (s) => tr(`rgr.side.${s}`);
  const pieceName = (p) => tr(`rgr.piece.${p}`);
  const placeName = (p) => ctx.tOr(`rgr.place.${p}`, p);
  const seatLabel = (s) => ctx.seatName(s);
  const ghostById = (id) => view().ghosts.find((g) => g.id === id);
  const colourOf = (g) => (g ? view().players[g.owner].colour : "red");
  const SIZE_OF = { s: "small", m: "medium", l: "large" };
  const ghostLabel = (id) => {
    const g = ghostById(id);
    const [colour, tag] = String(id).split("-");
    if (!g) {
      // Not in this view (a ghost no longer on the table): read its owner and size off its id.
      const size = SIZE_OF[tag?.[0]];
      return size ? `${ctx.tOr(`game.run-ghost-run.seat.${colour}`, colour)} ${tr(`rgr.size.${size}`)} (${tag})` : id;
    }
    return `${seatLabel(g.owner)} ${tr(`rgr.size.${g.size}`)} (${tag})`;
  };

  // --- what each action points at ------------------------------------------------------------

  function steps(a) {
    switch (a.kind) {
      case "grasp":
        return [[`piece:${a.piece}`]];
      case "place":
        return [[`space:${a.at}`]];
      case "step":
        return [[`ghost:${a.ghost}`], [a.to === "exit" ? "exit:" : `space:${a.to}`]];
      case "keyhole":
        return [[`side:${a.side}`]];
      case "tag":
      case "grow":
        return [[`ghost:${a.ghost}`]];
      case "tag_place":
        return [[`space:${a.to}`]];
      default:
        return [];
    }
  }

  // Clicking the hall (the targets clicked so far in this decision, sending, refusals): shared
  // with the other tables. While a placement is composed, only its rotation and posture count.
  const pick = createPicker(ctx, {
    frame: () => frame,
    steps,
    usable: (e) => !(e.action.kind === "place" && mode) || (e.action.rotation === mode.rotation && e.action.posture === mode.posture),
    render: () => render(),
    busyBox: decisionBox,
    refused: (err) => (err?.reason ? tr("rgr.refused", { reason: err.reason }) : ""),
  });

  // The label of an action; `past`: for the log, where a sealed plan is another seat's or old.
  function label(entry, past = false) {
    const a = entry.action;
    switch (a.kind) {
      case "grasp":
        return tr("rgr.act.grasp", { piece: pieceName(a.piece) });
      case "place":
        return tr("rgr.act.place", { piece: pieceName(a.piece), at: a.at, side: sideName(SIDES[a.rotation / 90]), posture: tr(`rgr.posture.${a.posture}`) });
      case "step": {
        if (a.to === "exit") return tr("rgr.act.stepExit", { ghost: ghostLabel(a.ghost), cost: a.cost });
        let text = tr("rgr.act.step", { ghost: ghostLabel(a.ghost), to: a.to, place: placeName(a.place), cost: a.cost });
        if (a.merge) text += ` · ${tr("rgr.merge", { ghost: ghostLabel(a.merge) })}`;
        return text;
      }
      case "keyhole":
        return tr("rgr.act.keyhole", { side: sideName(a.side) });
      case "tag":
      case "grow":
        return tr(`rgr.act.${a.kind}`, { ghost: ghostLabel(a.ghost) });
      case "tag_place":
        return tr("rgr.act.tag_place", { to: a.to });
      case "pass":
        return tr("rgr.pass");
      case "done":
        if (past) return tr("rgr.log.done");
        return view().my_plan?.steps?.length ? tr("rgr.seal") : tr("rgr.sealEmpty");
      case "seal": {
        // A whole plan as the record keeps it (the seat's own, or any once the game is over).
        const n = Array.isArray(a.steps) ? a.steps.length : 1;
        return n === 1 ? tr("rgr.log.sealOne") : tr("rgr.log.seal", { n });
      }
      default:
        return entry.text;
    }
  }

  function actionButton(entry, cls = "action") {
    const attrs = { type: "button", class: cls, title: entry.text, dataset: { action: entry.text, index: entry.index } };
    if (entry.action.kind === "done" && cls === "action") attrs.id = "rgr-seal";
    if (entry.action.kind === "pass" && cls === "action") attrs.id = "rgr-pass";
    const button = el("button", attrs, label(entry));
    button.addEventListener("click", () => pick.send(entry.action));
    return button;
  }

  // --- the hall from above -------------------------------------------------------------------

  // Where each ghost stands in the top view: its own ghosts as its plan leaves them.
  function ghostSpots() {
    const v = view();
    const after = new Map((v.my_plan?.ghosts_after ?? []).map((g) => [g.id, g]));
    const out = v.ghosts.map((g) => {
      const a = after.get(g.id);
      return a ? { ...g, where: a.where, space: a.space, place: a.place, planned: true } : g;
    });
    return out;
  }

  function drawFloor() {
    const v = view();
    hall.append(svg("rect", { x: 0, y: 0, width: SIZE, height: SIZE, rx: 18, class: "rgr-table" }));
    hall.append(svg("rect", { x: M - 8, y: M - 8, width: N * S + 16, height: N * S + 16, rx: 6, class: "rgr-wall" }));
    for (const sp of v.hall.spaces) {
      const x = px(sp.col);
      const y = py(sp.row + 1);
      const dark = (sp.col + sp.row) % 2 === 0;
      hall.append(svg("rect", { x, y, width: S, height: S, class: `rgr-space${dark ? " dark" : ""}`, "data-space": sp.name }));
      hall.append(svg("text", { x: x + 5, y: y + 13, class: "rgr-space-name" }, sp.name));
    }
  }

  function drawDoors() {
    const v = view();
    const g = svg("g", { class: "rgr-doors" });
    for (const d of v.doors) {
      const { col, row } = parseSpace(d.space);
      let x;
      let y;
      let w = S * 0.44;
      let h = 6;
      if (d.side === "south" || d.side === "north") {
        x = px(col + 0.5);
        y = d.side === "south" ? py(0) + 4 : py(N) - 4;
      } else {
        x = d.side === "west" ? px(0) - 4 : px(N) + 4;
        y = py(row + 0.5);
        [w, h] = [h, w];
      }
      const active = v.keyhole.side === d.side && v.keyhole.door === d.number;
      g.append(svg("rect", { x: f1(x - w / 2), y: f1(y - h / 2), width: f1(w), height: f1(h), rx: 2, class: `rgr-door${active ? " keyhole" : ""}` }));
      const off = 25;
      const tx = d.side === "west" ? x - off : d.side === "east" ? x + off : x;
      const ty = d.side === "south" ? y + off + 4 : d.side === "north" ? y - off + 4 : y + 4;
      g.append(svg("text", { x: f1(tx), y: f1(ty), "text-anchor": "middle", class: "rgr-door-n", "data-door": `${d.side}:${d.number}` }, d.number));
    }
    hall.append(g);
  }

  function drawKeyhole() {
    const v = view();
    const eye = v.keyhole.eye;
    const [ex, ey] = eye.position;
    const fx = eye.forward[0];
    const fy = eye.forward[1];
    const len = Math.hypot(fx, fy);
    const hx = fx / len;
    const hy = fy / len;
    const half = (eye.half_horizontal_degrees * Math.PI) / 180;
    const reach = 9;
    const ray = (sign) => {
      const c = Math.cos(sign * half);
      const s = Math.sin(sign * half);
      return [ex + (hx * c - hy * s) * reach, ey + (hx * s + hy * c) * reach];
    };
    const [ax, ay] = ray(1);
    const [bx, by] = ray(-1);
    const clipId = "rgr-hall-clip";
    hall.append(svg("defs", {}, svg("clipPath", { id: clipId }, svg("rect", { x: px(0), y: py(N), width: N * S, height: N * S }))));
    hall.append(
      svg("polygon", {
        points: `${f1(px(ex))},${f1(py(ey))} ${f1(px(ax))},${f1(py(ay))} ${f1(px(bx))},${f1(py(by))}`,
        class: "rgr-fov",
        "clip-path": `url(#${clipId})`,
      }),
    );
    // The keyhole itself, just outside its door.
    const kx = px(ex) + hx * 2;
    const ky = py(ey) - hy * 2;
    const angle = (Math.atan2(-hy, hx) * 180) / Math.PI + 90;
    hall.append(
      svg(
        "g",
        { class: "rgr-keyhole-mark", id: "rgr-keyhole-mark", transform: `translate(${f1(kx)},${f1(ky)}) rotate(${f1(angle)})` },
        svg("circle", { cx: 0, cy: 0, r: 12, class: "rgr-keyhole-plate" }),
        svg("circle", { cx: 0, cy: -3, r: 4.2, class: "rgr-keyhole-hole" }),
        svg("path", { d: "M -2.6 -1 L 2.6 -1 L 4 8 L -4 8 Z", class: "rgr-keyhole-hole" }),
        svg("title", {}, tr("rgr.keyholeAt", { side: sideName(v.keyhole.side), door: v.keyhole.door })),
      ),
    );
  }

  function drawFurniture() {
    const v = view();
    const pieces = [...v.furniture].sort((a, b) => (a.on ? 1 : 0) - (b.on ? 1 : 0));
    for (const f of pieces) {
      const [top, light, dark] = WOOD[f.name];
      const g = svg("g", {
        class: `rgr-piece rgr-piece-${f.name}${f.on ? " stacked" : ""}${f.posture === "tipped" ? " tipped" : ""}`,
        "data-piece": f.name,
        "data-keys": `piece:${f.name}`,
      });
      const boxes = [...f.boxes].sort((a, b) => a[5] - b[5]);
      for (const b of boxes) {
        const height = b[5];
        const fill = height >= 0.7 ? light : height >= 0.35 ? top : dark;
        g.append(svg("rect", { x: f1(px(b[0])), y: f1(py(b[4])), width: f1((b[3] - b[0]) * S), height: f1((b[4] - b[1]) * S), fill, class: "rgr-box" }));
      }
      if (f.mirror) {
        const m = f.mirror;
        if (m.axis === "z") {
          g.append(svg("rect", { x: f1(px(m.lo[0])), y: f1(py(m.hi[1])), width: f1((m.hi[0] - m.lo[0]) * S), height: f1((m.hi[1] - m.lo[1]) * S), class: "rgr-mirror-face" }));
        } else {
          g.append(svg("line", { x1: f1(px(m.lo[0])), y1: f1(py(m.lo[1])), x2: f1(px(m.hi[0])), y2: f1(py(m.hi[1])), class: "rgr-mirror-face" }));
        }
      }
      // Its footprint, its front and its name.
      const cols = f.spaces.map((s) => parseSpace(s).col);
      const rows = f.spaces.map((s) => parseSpace(s).row);
      const c0 = Math.min(...cols);
      const c1 = Math.max(...cols) + 1;
      const r0 = Math.min(...rows);
      const r1 = Math.max(...rows) + 1;
      g.append(svg("rect", { x: px(c0) + 2, y: py(r1) + 2, width: (c1 - c0) * S - 4, height: (r1 - r0) * S - 4, rx: 6, class: "rgr-footprint" }));
      const cx = px((c0 + c1) / 2);
      const cy = py((r0 + r1) / 2);
      const dir = { south: [0, 1], north: [0, -1], west: [-1, 0], east: [1, 0] }[f.facing];
      const fx = cx + dir[0] * (((c1 - c0) * S) / 2 - 9);
      const fy = cy + dir[1] * (((r1 - r0) * S) / 2 - 9);
      const arrow = `M ${f1(fx + dir[0] * 6)} ${f1(fy + dir[1] * 6)} L ${f1(fx - dir[1] * 7 - dir[0] * 4)} ${f1(fy + dir[0] * 7 - dir[1] * 4)} L ${f1(fx + dir[1] * 7 - dir[0] * 4)} ${f1(fy - dir[0] * 7 - dir[1] * 4)} Z`;
      g.append(svg("path", { d: arrow, class: "rgr-front" }));
      const name = pieceName(f.name);
      const note = [f.posture === "tipped" ? tr("rgr.posture.tipped") : null, f.on ? tr("rgr.stacked", { piece: pieceName(f.on) }) : null].filter(Boolean).join(", ");
      const ly = cy + (f.on ? 16 : 0) + (dir[1] !== 0 ? -dir[1] * 10 : 0);
      // A piece carrying another is named by the one on top ("on the table").
      const carrying = v.furniture.some((o) => o.on === f.name);
      if (!carrying) {
        g.append(svg("text", { x: f1(cx), y: f1(ly), "text-anchor": "middle", class: "rgr-piece-name" }, name));
        if (note) g.append(svg("text", { x: f1(cx), y: f1(ly + 13), "text-anchor": "middle", class: "rgr-piece-note" }, note));
      }
      g.append(svg("title", {}, `${name}: ${tr("rgr.facing", { side: sideName(f.facing), posture: tr(`rgr.posture.${f.posture}`) })}${f.on ? `, ${tr("rgr.stacked", { piece: pieceName(f.on) })}` : ""} (${f.spaces.join(" ")})`));
      hall.append(g);
    }
  }

  // Offsets of the k-th of n ghosts sharing a space.
  function slot(k, n) {
    if (n <= 1) return [0, 0];
    if (n === 2) return [k === 0 ? -0.22 : 0.22, 0];
    const pos = [
      [-0.22, -0.2],
      [0.22, -0.2],
      [-0.22, 0.22],
      [0.22, 0.22],
    ];
    return pos[k % 4];
  }

  function ghostFigure(g, x, y, extra = "") {
    const r = GHOST_R[g.size];
    const lying = g.posture === "lying";
    const cls = ["rgr-ghost", `size-${g.size}`, g.place ? `place-${g.place}` : "", lying ? "lying" : "", g.planned ? "planned" : "", extra].filter(Boolean).join(" ");
    const node = ghostShape(r, {
      class: cls,
      transform: `translate(${f1(x)},${f1(y)})${lying ? " rotate(-90) scale(0.75,1)" : ""}`,
      "data-ghost": g.id,
      "data-keys": `ghost:${g.id}`,
      style: `--ghost:${COLOUR[colourOf(g)]};--ghost-pale:${PALE[colourOf(g)]}`,
    });
    const where = g.where === "hall" ? `${g.space}, ${placeName(g.place)}` : tr(`rgr.where.${g.where}`);
    node.append(svg("title", {}, `${ghostLabel(g.id)}: ${where}${lying ? `, ${tr("rgr.posture.lying")}` : ""}`));
    return node;
  }

  function drawGhosts() {
    const v = view();
    const spots = ghostSpots();
    const bySpace = new Map();
    for (const g of spots) {
      if (g.where !== "hall") continue;
      if (!bySpace.has(g.space)) bySpace.set(g.space, []);
      bySpace.get(g.space).push(g);
    }
    const layer = svg("g", { class: "rgr-ghosts" });
    // Planned moves: a dashed line from where the ghost stood to where the plan takes it.
    const starts = new Map(v.ghosts.map((g) => [g.id, g]));
    for (const g of spots) {
      if (!g.planned || g.where !== "hall") continue;
      const s = starts.get(g.id);
      if (s.where === "hall" && s.space === g.space) continue;
      const to = parseSpace(g.space);
      let from;
      if (s.where === "hall") {
        const p = parseSpace(s.space);
        from = [px(p.col + 0.5), py(p.row + 0.5)];
      } else {
        from = homeSpot(v.players[g.owner].start_side, 0, 1);
      }
      layer.append(svg("line", { x1: f1(from[0]), y1: f1(from[1]), x2: f1(px(to.col + 0.5)), y2: f1(py(to.row + 0.5)), class: "rgr-plan-line", style: `stroke:${COLOUR[colourOf(g)]}` }));
    }
    for (const [space, list] of bySpace) {
      const { col, row } = parseSpace(space);
      list.sort((a, b) => a.id.localeCompare(b.id));
      list.forEach((g, k) => {
        const [dx, dy] = slot(k, list.length);
        layer.append(ghostFigure(g, px(col + 0.5 + dx), py(row + 0.5 - dy)));
      });
    }
    hall.append(layer);
    // Homes: the ghosts on each player's starting side, in the margin.
    for (const p of v.players) {
      const home = spots.filter((g) => g.owner === p.seat && g.where === "reserve");
      home.sort((a, b) => a.id.localeCompare(b.id));
      const lab = homeLabel(p.start_side);
      hall.append(
        svg(
          "text",
          { x: f1(lab.x), y: f1(lab.y), class: "rgr-home-label", "text-anchor": lab.end ? "end" : "start", transform: lab.rotate ? `rotate(${lab.rotate} ${f1(lab.x)} ${f1(lab.y)})` : null, style: `fill:${COLOUR[p.colour]}`, "data-home": p.start_side },
          `${seatLabel(p.seat)} · ${tr("rgr.home")}`,
        ),
      );
      home.forEach((g, k) => {
        const [x, y] = homeSpot(p.start_side, k, home.length);
        hall.append(ghostFigure(g, x, y, "home"));
      });
    }
  }

  // The k-th of n ghosts at home on `side`, in the margin beyond the door numbers.
  function homeSpot(side, k, n) {
    const gap = 40;
    const along = (k - (n - 1) / 2) * gap;
    const out = 54;
    const mid = M + (N * S) / 2;
    if (side === "south") return [mid + along, py(0) + out];
    if (side === "north") return [mid - along, py(N) - out];
    if (side === "west") return [px(0) - out, mid + along];
    return [px(N) + out, mid - along];
  }

  // Where a side's home label goes: along the side, before its row of ghosts.
  function homeLabel(side) {
    const a = 10;
    if (side === "south") return { x: px(0) + a, y: py(0) + 58, rotate: 0 };
    if (side === "north") return { x: px(N) - a, y: py(N) - 50, rotate: 0, end: true };
    if (side === "west") return { x: px(0) - 50, y: py(0) - a, rotate: -90 };
    return { x: px(N) + 58, y: py(N) + a, rotate: 90 };
  }

  // Targets drawn over everything: spaces (with the cost of the step), the exit, the sides.
  function drawTargets() {
    const targets = pick.nextTargets();
    if (!targets.size) return;
    const layer = svg("g", { class: "rgr-targets" });
    const costs = new Map();
    for (const e of pick.candidates()) {
      const st = steps(e.action)[pick.selection.length];
      if (!st || e.action.cost === undefined) continue;
      for (const k of st) costs.set(k, Math.min(costs.get(k) ?? 99, e.action.cost));
    }
    for (const key of targets) {
      const [kind, name] = key.split(":");
      if (kind === "space") {
        const { col, row } = parseSpace(name);
        const g = svg("g", { class: "rgr-target-space target", "data-keys": key, tabindex: 0, role: "button", "data-space": name, "aria-label": name });
        g.append(svg("rect", { x: px(col) + 3, y: py(row + 1) + 3, width: S - 6, height: S - 6, rx: 8 }));
        if (costs.has(key)) {
          g.append(svg("circle", { cx: px(col + 1) - 17, cy: py(row + 1) + 17, r: 12, class: "rgr-cost-bg" }));
          g.append(svg("text", { x: px(col + 1) - 17, y: py(row + 1) + 22, "text-anchor": "middle", class: "rgr-cost" }, costs.get(key)));
        }
        layer.append(g);
      } else if (kind === "exit") {
        const side = view().players[ctx.seat]?.exit_side ?? "north";
        const band = sideBand(side, 30);
        const g = svg("g", { class: "rgr-target-exit target", "data-keys": key, tabindex: 0, role: "button", id: "rgr-exit", "aria-label": tr("rgr.exitHere", { n: costs.get(key) ?? "" }) });
        g.append(svg("rect", { ...band, rx: 8 }));
        g.append(svg("text", { x: f1(band.x + band.width / 2), y: f1(band.y + band.height / 2 + 5), "text-anchor": "middle", class: "rgr-exit-text" }, tr("rgr.exitHere", { n: costs.get(key) ?? "" })));
        layer.append(g);
      } else if (kind === "side") {
        const band = sideBand(name, 44);
        const g = svg("g", { class: "rgr-target-side target", "data-keys": key, tabindex: 0, role: "button", "data-side": name, "aria-label": sideName(name) });
        g.append(svg("rect", { ...band, rx: 10 }));
        g.append(svg("text", { x: f1(band.x + band.width / 2), y: f1(band.y + band.height / 2 + 5), "text-anchor": "middle", class: "rgr-side-text" }, sideName(name)));
        layer.append(g);
      }
    }
    // The spaces later clicks would go to (a step's space, once its ghost is chosen): unseen
    // outlines that light only when the Hint suggests an action through them.
    const later = new Set(pick.candidates().flatMap((e) => steps(e.action).slice(pick.selection.length + 1).flat()));
    for (const key of later) {
      const [kind, name] = key.split(":");
      if (kind !== "space" || targets.has(key)) continue;
      const { col, row } = parseSpace(name);
      const g = svg("g", { class: "rgr-lead", "data-keys": key, "data-space": name, "aria-hidden": "true", "pointer-events": "none" });
      g.append(svg("rect", { x: px(col) + 3, y: py(row + 1) + 3, width: S - 6, height: S - 6, rx: 8 }));
      layer.append(g);
    }
    // While placing: the piece's footprint under the pointer.
    if (hover && frame.decision?.name === "place_furniture" && mode) {
      const piece = view().furniture.find((f) => f.name === view().decision?.grasped);
      if (piece && piece.posture === mode.posture) {
        const cols = new Set(piece.spaces.map((s) => parseSpace(s).col)).size;
        const rows = new Set(piece.spaces.map((s) => parseSpace(s).row)).size;
        const turned = ((mode.rotation - piece.rotation) / 90) % 2 !== 0;
        const [w, h] = turned ? [rows, cols] : [cols, rows];
        const { col, row } = parseSpace(hover);
        layer.append(svg("rect", { x: px(col) + 4, y: py(row + h) + 4, width: w * S - 8, height: h * S - 8, rx: 8, class: "rgr-preview", "pointer-events": "none" }));
      }
    }
    hall.append(layer);
  }

  function sideBand(side, depth) {
    if (side === "south") return { x: px(0), y: py(0) + 6, width: N * S, height: depth };
    if (side === "north") return { x: px(0), y: py(N) - 6 - depth, width: N * S, height: depth };
    if (side === "west") return { x: px(0) - 6 - depth, y: py(N), width: depth, height: N * S };
    return { x: px(N) + 6, y: py(N), width: depth, height: N * S };
  }

  function markTargets() {
    const targets = pick.nextTargets();
    const chosen = new Set(pick.selection);
    for (const node of hall.querySelectorAll(".rgr-piece[data-keys], .rgr-ghost[data-keys]")) {
      const keys = node.getAttribute("data-keys").split(" ");
      const isTarget = keys.some((k) => targets.has(k));
      node.classList.toggle("target", isTarget);
      if (isTarget) {
        node.setAttribute("tabindex", "0");
        node.setAttribute("role", "button");
      }
      node.classList.toggle("selected", keys.some((k) => chosen.has(k)));
    }
    hall.classList.toggle("choosing", targets.size > 0);
    pick.markLeads(hall);
  }

  function drawHall() {
    hall.replaceChildren();
    drawFloor();
    drawKeyhole();
    drawDoors();
    drawFurniture();
    drawGhosts();
    drawTargets();
    markTargets();
  }

  function keyAt(node) {
    const targets = pick.nextTargets();
    for (let n = node; n && n !== hall; n = n.parentNode) {
      const keys = n.getAttribute?.("data-keys");
      if (!keys) continue;
      const key = keys.split(" ").find((k) => targets.has(k));
      if (key) return key;
    }
    return null;
  }

  hall.addEventListener("click", (event) => {
    const key = keyAt(event.target);
    if (key) pick.choose(key);
  });
  hall.addEventListener("keydown", (event) => {
    if (event.key !== "Enter" && event.key !== " ") return;
    const key = keyAt(event.target);
    if (!key) return;
    event.preventDefault();
    pick.choose(key);
  });
  hall.addEventListener("mouseover", (event) => {
    if (frame?.decision?.name !== "place_furniture") return;
    const key = keyAt(event.target);
    const next = key && key.startsWith("space:") ? key.slice(6) : null;
    if (next !== hover) {
      hover = next;
      drawHall();
    }
  });

  // --- the keyhole picture ---------------------------------------------------------------------

  function picture(look, turn) {
    const scene = look.scene;
    const v = view();
    const cam = camera(scene.eye);
    const e = scene.eye.position;
    const seen = new Map(look.seen.map((s) => [s.ghost, s.how]));
    const box = svg("svg", { class: "rgr-picture", viewBox: `0 0 ${PW} ${PH}`, role: "img", "aria-label": tr("rgr.keyholeTitle"), "data-side": look.side, "data-door": look.door });
    const clipId = `rgr-pic-${look.side}-${look.door}-${turn}`;
    box.append(svg("defs", {}, svg("clipPath", { id: clipId }, svg("rect", { x: 0, y: 0, width: PW, height: PH, rx: 14 }))));
    const stage = svg("g", { "clip-path": `url(#${clipId})` });
    box.append(stage);
    stage.append(svg("rect", { x: 0, y: 0, width: PW, height: PH, class: "rgr-pic-back" }));
    // The walls (a little above the floor) and the floor with its spaces.
    const walls = [
      [[0, 6, 0], [6, 6, 0], [6, 6, 1.6], [0, 6, 1.6]],
      [[0, 0, 0], [0, 6, 0], [0, 6, 1.6], [0, 0, 1.6]],
      [[6, 6, 0], [6, 0, 0], [6, 0, 1.6], [6, 6, 1.6]],
      [[6, 0, 0], [0, 0, 0], [0, 0, 1.6], [6, 0, 1.6]],
    ];
    for (const w of walls) {
      const poly = cam.polygon(w);
      if (poly) stage.append(svg("polygon", { points: points(poly), class: "rgr-pic-wall" }));
    }
    const floor = cam.polygon([[0, 0, 0], [6, 0, 0], [6, 6, 0], [0, 6, 0]]);
    if (floor) stage.append(svg("polygon", { points: points(floor), class: "rgr-pic-floor" }));
    for (let i = 0; i < N; i++) {
      for (let j = 0; j < N; j++) {
        if ((i + j) % 2) continue;
        const tile = cam.polygon([[i, j, 0], [i + 1, j, 0], [i + 1, j + 1, 0], [i, j + 1, 0]]);
        if (tile) stage.append(svg("polygon", { points: points(tile), class: "rgr-pic-tile" }));
      }
    }
    // Everything that stands: boxes and ghosts, far first.
    const items = [];
    for (const b of scene.boxes) items.push({ kind: "box", piece: b.piece, box: b.box, dist: boxDistance(b.box, e) });
    for (const g of scene.ghosts) {
      if (g.place === "inside") continue; // never seen, and the piece hides it
      const shape = v.ghost_shapes[g.size];
      const height = shape.height * (g.posture === "lying" ? v.lying_factor : 1);
      const { col, row } = parseSpace(g.space);
      const hw = shape.half_width;
      const b = [col + 0.5 - hw, row + 0.5 - hw, g.base, col + 0.5 + hw, row + 0.5 + hw, g.base + height];
      items.push({ kind: "ghost", ghost: g, box: b, dist: boxDistance(b, e), how: seen.get(g.ghost) });
    }
    // What rests on something (a ghost on a piece, a stacked piece, a table top on its legs) is
    // drawn after what carries it.
    const overlaps = (a, b) => a[0] < b[3] - 1e-6 && b[0] < a[3] - 1e-6 && a[1] < b[4] - 1e-6 && b[1] < a[4] - 1e-6;
    const rising = [...items].sort((a, b) => a.box[2] - b.box[2]);
    for (const item of rising) {
      if (item.box[2] < 0.01) continue;
      for (const other of items) {
        if (other === item || other.kind !== "box") continue;
        if (Math.abs(other.box[5] - item.box[2]) < 0.02 && overlaps(item.box, other.box)) item.dist = Math.min(item.dist, other.dist - 0.001);
      }
    }
    items.sort((a, b) => b.dist - a.dist);
    const marks = [];
    for (const item of items) {
      if (item.kind === "box") {
        const shades = WOOD[item.piece];
        const g = svg("g", { class: `rgr-pic-box rgr-pic-${item.piece}` });
        for (const face of boxFaces(item.box)) {
          const toEye = sub(e, face.pts[0]);
          if (dot(toEye, face.n) <= 1e-9) continue;
          const poly = cam.polygon(face.pts);
          if (!poly) continue;
          g.append(svg("polygon", { points: points(poly), fill: [shades[0], shades[1], shades[2]][face.shade], class: "rgr-pic-face" }));
        }
        stage.append(g);
        const mirror = scene.mirrors.find((m) => item.piece === "mirror" && m);
        if (mirror && item.piece === "mirror") stage.append(mirrorFace(cam, mirror, scene, seen, v, marks));
      } else {
        const node = pictureGhost(cam, item.ghost, item.box, item.how, v);
        if (node) {
          stage.append(node.figure);
          if (item.how === "direct") marks.push(node.mark); // one caught in the mirror is marked there
        }
      }
    }
    // Labels of caught ghosts never sit on one another.
    const placed = [];
    for (const m of marks) {
      let [x, y] = m.at;
      while (placed.some(([px0, py0]) => Math.abs(px0 - x) < 130 && Math.abs(py0 - y) < 17)) y -= 17;
      if (y < 20) y = m.at[1] + 17 * (placed.length + 1);
      placed.push([x, y]);
      m.node.setAttribute("transform", `translate(${f1(x)},${f1(y)})`);
      stage.append(m.node);
    }
    box.append(svg("rect", { x: 1.5, y: 1.5, width: PW - 3, height: PH - 3, rx: 14, class: "rgr-pic-frame" }));
    return box;
  }

  // A ghost standing in the picture: its figure scaled to its height at its depth.
  function pictureGhost(cam, g, b, how, v, flip = null) {
    const cx = (b[0] + b[3]) / 2;
    const cy = (b[1] + b[4]) / 2;
    let foot = [cx, cy, b[2]];
    let head = [cx, cy, b[5]];
    if (flip) {
      foot = flip(foot);
      head = flip(head);
    }
    const fc = cam.toCam(foot);
    const hc = cam.toCam(head);
    if (fc[2] <= 0.05 || hc[2] <= 0.05) return null;
    const [fx, fy] = cam.toScreen(fc);
    const [hx, hy] = cam.toScreen(hc);
    const height = Math.max(4, fy - hy);
    const width = Math.max(4, (b[3] - b[0]) * cam.scale(fc) * 1.15);
    const r = width / 2;
    const sy = height / (r * 1.25);
    const colour = view().players[g.owner].colour;
    const figure = svg(
      "g",
      {
        class: `rgr-pic-ghost${how ? " caught" : ""}`,
        "data-ghost": g.ghost,
        "data-how": how || "",
        transform: `translate(${f1((fx + hx) / 2)},${f1((fy + hy) / 2)}) scale(1,${f1(sy * 100) / 100})`,
        style: `--ghost:${COLOUR[colour]};--ghost-pale:${PALE[colour]}`,
      },
      ghostShape(r, {}),
    );
    figure.append(svg("title", {}, `${ghostLabel(g.ghost)} (${g.space})${how ? ` · ${tr(how === "mirror" ? "rgr.seenMirror" : "rgr.seenDirect")}` : ""}`));
    const at = [Math.min(PW - 70, Math.max(70, hx)), Math.max(34, hy - 10)];
    const node = svg(
      "g",
      { class: "rgr-pic-mark" },
      svg("path", { d: "M 0 0 L -7 -11 L 7 -11 Z", class: "rgr-pic-arrow" }),
      svg("text", { x: 0, y: -15, "text-anchor": "middle", class: "rgr-pic-label" }, ghostLabel(g.ghost)),
    );
    return { figure, mark: { node, at } };
  }

  // The mirror's face: silver, with the ghosts it showed the keyhole reflected in it.
  function mirrorFace(cam, m, scene, seen, v, marks) {
    const k = "xyz".indexOf(m.axis);
    const corners = [];
    const others = [0, 1, 2].filter((i) => i !== k);
    const [a, b] = others;
    for (const [ua, ub] of [[m.lo[a], m.lo[b]], [m.hi[a], m.lo[b]], [m.hi[a], m.hi[b]], [m.lo[a], m.hi[b]]]) {
      const p = [0, 0, 0];
      p[k] = m.coord + 0.001 * m.facing;
      p[a] = ua;
      p[b] = ub;
      corners.push(p);
    }
    const g = svg("g", { class: "rgr-pic-mirror" });
    if ((scene.eye.position[k] - m.coord) * m.facing <= 0) return g; // seen from behind: only the back
    const poly = cam.polygon(corners);
    if (!poly) return g;
    const clipId = `rgr-mirror-${Math.round(poly[0][0])}-${Math.round(poly[0][1])}`;
    g.append(svg("defs", {}, svg("clipPath", { id: clipId }, svg("polygon", { points: points(poly) }))));
    g.append(svg("polygon", { points: points(poly), class: "rgr-pic-glass" }));
    const inside = svg("g", { "clip-path": `url(#${clipId})` });
    const flip = (p) => {
      const q = [...p];
      q[k] = 2 * m.coord - p[k];
      return q;
    };
    for (const sg of scene.ghosts) {
      if (seen.get(sg.ghost) !== "mirror") continue;
      const shape = v.ghost_shapes[sg.size];
      const height = shape.height * (sg.posture === "lying" ? v.lying_factor : 1);
      const { col, row } = parseSpace(sg.space);
      const hw = shape.half_width;
      const bx = [col + 0.5 - hw, row + 0.5 - hw, sg.base, col + 0.5 + hw, row + 0.5 + hw, sg.base + height];
      const node = pictureGhost(cam, sg, bx, "mirror", v, flip);
      if (node) {
        inside.append(node.figure);
        marks.push(node.mark);
      }
    }
    g.append(inside);
    g.append(svg("polygon", { points: points(poly), class: "rgr-pic-glass-edge" }));
    return g;
  }

  function renderKeyhole() {
    const v = view();
    const report = v.last_turn;
    const looks = report?.looks ?? [];
    keyholeBox.replaceChildren(el("h2", {}, tr("rgr.keyholeTitle")), el("p", { class: "muted rgr-sight-note" }, tr("rgr.sightNote")));
    if (!looks.length) {
      // after a reveal the report holds this turn's steps and no look yet: the keyhole looks next
      const text = report?.steps && v.phase === "keyhole" ? tr("rgr.lookNext") : tr("rgr.noLook");
      keyholeBox.append(el("p", { class: "muted", id: "rgr-no-look" }, text));
      return;
    }
    for (const look of looks) {
      const caught = look.seen.map((s) => `${ghostLabel(s.ghost)} ${s.space}${s.how === "mirror" ? tr("rgr.inMirror") : ""}`);
      keyholeBox.append(
        el(
          "figure",
          { class: "rgr-look", dataset: { caught: look.seen.map((x) => x.ghost).join(" ") } },
          look.scene ? picture(look, report.turn) : null,
          el(
            "figcaption",
            {},
            el("strong", {}, tr("rgr.keyholeCaption", { turn: report.turn, side: sideName(look.side), door: look.door })),
            " ",
            el("span", { class: "rgr-caught" }, caught.length ? tr("rgr.caught", { list: caught.join(", ") }) : tr("rgr.caughtNone")),
          ),
        ),
      );
    }
  }

  // --- panels ----------------------------------------------------------------------------------

  function clockIcon() {
    return svg(
      "svg",
      { class: "rgr-clock", viewBox: "0 0 20 20", width: 18, height: 18, "aria-hidden": "true" },
      svg("circle", { cx: 10, cy: 10, r: 8.5 }),
      svg("path", { d: "M 10 10 L 10 3.5 M 10 10 L 10.2 3.8" }),
    );
  }

  function midnightCard() {
    const card = view().midnight?.card;
    if (!card) return null;
    const text = ctx.lang() === "zh" ? ctx.tOr(`rgr.mc.${card.id}.text`, card.text) : card.text;
    const name = ctx.lang() === "zh" ? ctx.tOr(`rgr.mc.${card.id}`, card.title) : card.title;
    return el(
      "div",
      { class: "rgr-midnight", id: "rgr-midnight", dataset: { card: card.id } },
      el("div", { class: "rgr-midnight-head" }, clockIcon(), ` ${tr("rgr.midnight")}: `, el("strong", {}, name)),
      el("p", {}, text),
    );
  }

  function renderInfo() {
    const v = view();
    const chip = (text, attrs = {}) => el("span", { class: "rgr-chip", ...attrs }, text);
    const parts = [
      chip(tr("rgr.turn", { n: v.turn, total: v.turns }), { id: "rgr-turn", dataset: { turn: v.turn } }),
      chip(tr(`rgr.phase.${v.phase}`), { class: "rgr-chip strong", id: "rgr-phase" }),
      chip(tr("rgr.dieHolder", { who: seatLabel(v.die_holder) })),
      chip(tr("rgr.keyholeAt", { side: sideName(v.keyhole.side), door: v.keyhole.door }), { id: "rgr-keyhole-chip" }),
      chip(tr("rgr.piles", { n: v.piles.movement })),
      v.midnight?.crystal_ball ? chip(tr("rgr.crystal", { n: v.midnight.crystal_ball })) : null,
    ];
    const children = [el("div", { class: "rgr-chips" }, parts)];
    const card = midnightCard();
    if (card) children.push(card);
    if (v.roll_off?.rolls?.length && v.phase === "keyhole") {
      const rolls = v.roll_off.rolls.map((faces) => faces.map((f, i) => `${seatLabel(v.roll_off.rollers[i] ?? i)} ${f}`).join(", ")).join(" / ");
      children.push(el("p", { class: "rgr-rolloff" }, tr("rgr.rollOff", { rolls })));
    }
    if (frame.result) {
      const pts = v.players.map((p) => `${seatLabel(p.seat)} ${p.points}`).join(", ");
      const winners = frame.result.returns.map((r, i) => (r > 0 ? seatLabel(i) : null)).filter(Boolean);
      const who = winners.length === 0 ? tr("rgr.draw") : winners.length === 1 ? tr("rgr.winner", { who: winners[0] }) : tr("rgr.winners", { who: winners.join(", ") });
      children.unshift(el("div", { class: "rgr-result", id: "rgr-result" }, `${who} · ${tr("rgr.result", { list: pts })}`));
    }
    infoBar.replaceChildren(...children);
  }

  function renderPlayers() {
    const v = view();
    const head = ["player", "sides", "card", "points", "home", "out", "plan"].map((k) => el("th", {}, tr(`rgr.col.${k}`)));
    const rows = v.players.map((p) => {
      const card = p.card ? `${p.card.value}${p.card.furniture.length ? ` · ${p.card.furniture.map(pieceName).join(", ")}` : ` · ${tr("rgr.noFurniture")}`}` : "—";
      const plan = p.plan_done === null ? "" : p.plan_done ? `✔ ${tr("rgr.planDone")}` : tr("rgr.planOpen");
      return el(
        "tr",
        { class: p.seat === ctx.seat ? "me" : "", dataset: { seat: p.seat } },
        el("td", {}, el("span", { class: "rgr-dot", style: `background:${COLOUR[p.colour]}` }), " ", seatLabel(p.seat), p.seat === ctx.seat ? el("span", { class: "muted" }, ` (${tr("rgr.you")})`) : ""),
        el("td", {}, `${sideName(p.start_side)} → ${sideName(p.exit_side)}`),
        el("td", { class: "rgr-card" }, card),
        el("td", { class: "num" }, String(p.points)),
        el("td", { class: "num" }, String(p.at_home)),
        el("td", { class: "num" }, String(p.exited)),
        el("td", { class: p.plan_done ? "rgr-sealed" : "" }, plan),
      );
    });
    playersBox.replaceChildren(el("h2", {}, tr("rgr.players")), el("table", { class: "rgr-table-players" }, el("thead", {}, el("tr", {}, head)), el("tbody", {}, rows)));
  }

  function planPanel() {
    const v = view();
    const plan = v.my_plan;
    if (!plan || ctx.seat === null) return null;
    const me = v.players[ctx.seat];
    const total = me.card?.value ?? 0;
    const pips = el(
      "span",
      { class: "rgr-pips", "aria-hidden": "true" },
      Array.from({ length: total }, (_, i) => el("span", { class: i < total - plan.points_left ? "rgr-pip used" : "rgr-pip" })),
    );
    const starts = new Map(v.ghosts.map((g) => [g.id, g]));
    const items = plan.steps.map((s) => {
      const from = starts.get(s.ghost);
      const fromText = from?.where === "hall" ? from.space : tr("rgr.home");
      const toText = s.to === "exit" ? tr("rgr.exit") : `${s.to} (${placeName(s.place)})`;
      return el(
        "li",
        {},
        el("span", { class: "rgr-dot", style: `background:${COLOUR[me.colour]}` }),
        " ",
        tr("rgr.stepLine", { ghost: ghostLabel(s.ghost), from: fromText, to: toText }),
        s.merge ? ` · ${tr("rgr.merge", { ghost: ghostLabel(s.merge) })}` : "",
        " ",
        el("span", { class: "rgr-step-cost" }, tr("rgr.cost", { n: s.cost })),
      );
    });
    return el(
      "div",
      { class: "rgr-plan", id: "rgr-plan" },
      el("p", { class: "rgr-points", id: "rgr-points" }, tr("rgr.points", { left: plan.points_left, total }), " ", pips),
      el("h3", {}, tr("rgr.planSteps")),
      items.length ? el("ol", { class: "rgr-steps" }, items) : el("p", { class: "muted" }, tr("rgr.noSteps")),
      plan.done ? null : el("p", { class: "muted rgr-note" }, tr("rgr.planNote")),
    );
  }

  function renderDecision() {
    decisionBox.replaceChildren();
    decisionBox.dataset.decision = frame.decision?.name ?? "";
    if (ctx.mode !== "play" || frame.status === "finished") {
      decisionBox.hidden = true;
      return;
    }
    decisionBox.hidden = false;
    const v = view();
    const decision = frame.decision;
    if (!decision) {
      decisionBox.classList.add("idle");
      if (v.phase === "plan" && v.my_plan?.done) {
        const n = frame.acting.length;
        decisionBox.append(
          el("h2", { class: "rgr-sealed-title" }, tr("rgr.sealed")),
          el("p", { class: "rgr-waiting", id: "rgr-waiting" }, n === 1 ? tr("rgr.waitingPlayer") : tr("rgr.waitingPlayers", { n })),
        );
        const panel = planPanel();
        if (panel) decisionBox.append(panel);
        return;
      }
      const who = (frame.acting || []).map(seatLabel).join(", ");
      decisionBox.append(el("p", { class: "muted rgr-waiting", id: "rgr-waiting" }, ctx.seat === null ? tr("rgr.spectating") : tr("rgr.waiting", { who })));
      return;
    }
    decisionBox.classList.remove("idle");
    const grasped = v.decision?.grasped;
    decisionBox.append(el("h2", {}, `${tr("rgr.yourMove")}: ${tr(`rgr.decision.${decision.name}`, { piece: grasped ? pieceName(grasped) : "" })}`));
    if (ctx.lang() === "en" && decision.prompt) decisionBox.append(el("p", { class: "prompt" }, decision.prompt));
    const targets = pick.nextTargets();
    const controls = [];
    const buttons = [];
    if (decision.name === "move_furniture") decisionBox.append(el("p", { class: "rgr-hint" }, tr("rgr.hint.grasp")));
    if (decision.name === "place_furniture") {
      const piece = v.furniture.find((f) => f.name === grasped);
      const places = decision.actions.filter((e) => e.action.kind === "place");
      const rotations = [...new Set(places.filter((e) => e.action.posture === mode.posture).map((e) => e.action.rotation))].sort((a, b) => a - b);
      const postures = [...new Set(places.map((e) => e.action.posture))];
      decisionBox.append(
        el("p", { class: "rgr-hint" }, tr("rgr.hint.place")),
        el("p", { class: "rgr-mode", id: "rgr-mode" }, `${pieceName(grasped)}: ${tr("rgr.facing", { side: sideName(SIDES[mode.rotation / 90]), posture: tr(`rgr.posture.${mode.posture}`) })}`),
      );
      if (rotations.length > 1 || !rotations.includes(mode.rotation)) {
        const rotate = el("button", { type: "button", id: "rgr-rotate", class: "rgr-tool" }, tr("rgr.rotate"));
        rotate.addEventListener("click", () => {
          const later = rotations.filter((r) => r > mode.rotation);
          mode = { ...mode, rotation: later.length ? later[0] : rotations[0] };
          pick.selection = [];
          render();
        });
        controls.push(rotate);
      }
      if (postures.length > 1) {
        const tip = el("button", { type: "button", id: "rgr-tip", class: "rgr-tool" }, mode.posture === "standing" ? tr("rgr.tip") : tr("rgr.standUp"));
        tip.addEventListener("click", () => {
          const posture = mode.posture === "standing" ? "tipped" : "standing";
          const rots = [...new Set(places.filter((e) => e.action.posture === posture).map((e) => e.action.rotation))];
          mode = { ...mode, posture, rotation: rots.includes(mode.rotation) ? mode.rotation : rots[0] };
          pick.selection = [];
          render();
        });
        controls.push(tip);
      }
      if (piece) {
        const back = el("button", { type: "button", id: "rgr-put-back", class: "action" }, tr("rgr.putBack"));
        back.addEventListener("click", () => pick.send(decision.actions[0].action));
        buttons.push(back);
      }
    }
    if (decision.name === "plan_movement") {
      const panel = planPanel();
      if (panel) decisionBox.append(panel);
      const hint = pick.selection.length ? tr("rgr.hint.dest", { ghost: ghostLabel(pick.selection[0].slice(6)) }) : tr("rgr.hint.ghost");
      if (targets.size) decisionBox.append(el("p", { class: "rgr-hint", id: "rgr-hint" }, hint));
    }
    if (decision.name === "choose_keyhole_side") decisionBox.append(el("p", { class: "rgr-hint" }, tr("rgr.hint.side")));
    if (decision.name === "tag_youre_it") decisionBox.append(el("p", { class: "rgr-hint" }, targets.size && [...targets][0].startsWith("space") ? tr("rgr.hint.tagPlace") : tr("rgr.hint.tag")));
    if (decision.name === "big_brother") decisionBox.append(el("p", { class: "rgr-hint" }, tr("rgr.hint.grow")));
    const left = pick.selection.length ? pick.candidates() : [];
    if (pick.selection.length && left.length > 1 && left.length <= 8) {
      // Several steps end on the chosen space (another place, or a merge): say which.
      const sameTarget = left.every((e) => steps(e.action).length === pick.selection.length);
      if (sameTarget) {
        decisionBox.append(el("p", { class: "rgr-hint" }, tr("rgr.hint.choose")));
        buttons.push(...left.map((e) => actionButton(e)));
      }
    }
    if (!pick.selection.length) {
      buttons.push(...decision.actions.filter((e) => steps(e.action).length === 0).map((e) => actionButton(e)));
      if (decision.name === "choose_keyhole_side") buttons.push(...decision.actions.map((e) => actionButton(e, "action rgr-side-button")));
    }
    if (pick.selection.length) {
      const cancel = el("button", { type: "button", class: "rgr-cancel", id: "rgr-cancel" }, tr("rgr.cancel"));
      cancel.addEventListener("click", () => {
        pick.selection = [];
        render();
      });
      controls.push(cancel);
    }
    if (buttons.length || controls.length) decisionBox.append(el("div", { class: "actions", role: "group" }, controls, buttons));
    if (pick.refusal) decisionBox.append(el("p", { class: "rgr-refusal", role: "alert" }, pick.refusal));
    decisionBox.append(
      el(
        "details",
        { class: "advanced rgr-all" },
        el("summary", {}, `${tr("rgr.allActions")} (${decision.actions.length})`),
        el("div", { class: "actions" }, decision.actions.slice(0, 400).map((e) => actionButton(e, "action rgr-any"))),
      ),
    );
  }

  // What happened: every line of the game from the start, under a heading per turn: furniture
  // moved, the plans revealed step by step, the roll-off, the keyhole's side and what it saw.
  function renderEvents() {
    const { lines, missing } = history.upTo(view().log_length ?? view().log.length);
    eventsBox.replaceChildren(
      el("h2", {}, tr("rgr.events")),
      historyBox({
        prefix: "rgr",
        label: tr("rgr.events"),
        lines,
        missing,
        missingText: tr("rgr.history.missing", { n: missing }),
        setup: tr("rgr.history.setup"),
        head: (() => {
          let turn = null;
          return (line) => {
            const m = TURN_LINE.exec(line);
            if (!m || m[1] === turn) return null;
            turn = m[1];
            return { key: turn, text: tr("rgr.history.turn", { turn }), opens: false };
          };
        })(),
        word: (line) => {
          const m = TURN_LINE.exec(line);
          const words = m ? eventWords(m[2]) : line;
          return words.charAt(0).toUpperCase() + words.slice(1);
        },
        itemClass: (line) => (/: the (plans are revealed|roll-off)/.test(line) ? "rgr-moment" : ""),
        old: eventsBox.querySelector(".rgr-log"),
      }),
    );
  }

  // The engine's log lines in words of the interface's language, by pattern: seats by their
  // names, ghosts by their owner and size, furniture by its name (a line no pattern knows stays
  // as it is).
  function logWords(line) {
    const m = TURN_LINE.exec(line);
    return m ? tr("rgr.log.turn", { turn: m[1], text: eventWords(m[2]) }) : line;
  }

  // One event of a turn (a log line without its "turn N: ") in words.
  function eventWords(text) {
    const seat = (name) => ctx.tOr(`game.run-ghost-run.seat.${name}`, name);
    const ghosts = (ids) => ids.split(", ").map(ghostLabel).join(ctx.lang() === "zh" ? "、" : ", ");
    let m;
    if ((m = /^(\w+) moves the (\w+) to (\w+)$/.exec(text))) return tr("rgr.log.moves", { seat: seat(m[1]), piece: pieceName(m[2]), to: m[3] });
    if ((m = /^(\w+) leaves the furniture as it stands$/.exec(text))) return tr("rgr.log.passes", { seat: seat(m[1]) });
    if ((m = /^(\w+) chooses the keyhole's side$/.exec(text))) return tr("rgr.log.chooses", { seat: seat(m[1]) });
    if ((m = /^the keyhole at (\w+) door (\d) sees (.*)$/.exec(text))) {
      return tr("rgr.log.sees", { side: sideName(m[1]), door: m[2], ghosts: m[3] === "nobody" ? tr("rgr.log.nobody") : ghosts(m[3]) });
    }
    if (text === "the plans are revealed") return tr("rgr.log.revealed");
    if (text === "the plans are revealed: no ghost moves") return tr("rgr.log.revealedNone");
    if ((m = /^([\w-]+) enters the hall at (\w+)$/.exec(text))) return tr("rgr.log.enters", { ghost: ghostLabel(m[1]), to: m[2] });
    if ((m = /^([\w-]+) moves from (\w+) to (\w+)$/.exec(text))) return tr("rgr.log.goes", { ghost: ghostLabel(m[1]), from: m[2], to: m[3] });
    if ((m = /^([\w-]+) stays at home: no room toward (\w+)$/.exec(text))) {
      return tr("rgr.log.staysHome", { ghost: ghostLabel(m[1]), planned: m[2] === "exit" ? tr("rgr.exit") : m[2] });
    }
    if ((m = /^([\w-]+) stays on (\w+): no room toward (\w+)$/.exec(text))) {
      return tr("rgr.log.stays", { ghost: ghostLabel(m[1]), at: m[2], planned: m[3] === "exit" ? tr("rgr.exit") : m[3] });
    }
    if ((m = /^([\w-]+) stops short on (\w+) instead of (\w+)$/.exec(text))) {
      return tr("rgr.log.short", { ghost: ghostLabel(m[1]), at: m[2], planned: m[3] === "exit" ? tr("rgr.exit") : m[3] });
    }
    if ((m = /^([\w-]+) exits the hall$/.exec(text))) return tr("rgr.log.exits", { ghost: ghostLabel(m[1]) });
    if ((m = /^([\w-]+) and ([\w-]+) merge into ([\w-]+) on (\w+)$/.exec(text))) {
      return tr("rgr.log.merges", { ghost: ghostLabel(m[1]), other: ghostLabel(m[2]), into: ghostLabel(m[3]), at: m[4] });
    }
    if ((m = /^the roll-off: (.*)$/.exec(text))) {
      const rolls = m[1].split(", ").map((part) => {
        const [who, face] = part.split(" ");
        return tr("rgr.log.roll", { seat: seat(who), face });
      });
      return tr("rgr.log.rollOff", { rolls: rolls.join(ctx.lang() === "zh" ? "，" : ", ") });
    }
    if ((m = /^([\w-]+) takes the place of ([\w-]+)$/.exec(text))) return tr("rgr.log.takesPlace", { ghost: ghostLabel(m[1]), other: ghostLabel(m[2]) });
    if ((m = /^([\w-]+) is placed on (\w+)$/.exec(text))) return tr("rgr.log.placed", { ghost: ghostLabel(m[1]), to: m[2] });
    if ((m = /^([\w-]+) replaces ([\w-]+)$/.exec(text))) return tr("rgr.log.replaces", { ghost: ghostLabel(m[1]), other: ghostLabel(m[2]) });
    if ((m = /^([\w-]+) faces the mirror on (\w+)$/.exec(text))) return tr("rgr.log.mirror", { ghost: ghostLabel(m[1]), at: m[2] });
    if ((m = /^(\w+) draws Midnight Strikes: (\w+)$/.exec(text))) return tr("rgr.log.midnight", { seat: seat(m[1]), card: ctx.tOr(`rgr.mc.${m[2]}`, m[2]) });
    if ((m = /^Knock, Knock, Knock: the keyhole stays on the (\w+) side$/.exec(text))) return tr("rgr.log.knock", { side: sideName(m[1]) });
    if (text === "no Movement cards are left: the game ends") return tr("rgr.log.noCards");
    return text;
  }

  function render() {
    if (!frame || !frame.view) return;
    if (frame.decision?.name === "place_furniture") {
      const grasped = view().decision?.grasped;
      const piece = view().furniture.find((f) => f.name === grasped);
      if (piece && mode?.piece !== grasped) mode = { piece: grasped, rotation: piece.rotation, posture: piece.posture };
    } else {
      mode = null;
      hover = null;
    }
    renderDecision();
    renderInfo();
    drawHall();
    zoom.render();
    renderPlayers();
    renderKeyhole();
    renderEvents();
  }

  return {
    update(next) {
      // A plan's steps are the seat's own until it is sealed: they change its plan, not the version.
      const planned = (f) => f?.view?.my_plan?.steps?.length ?? -1;
      const moved = !frame || frame.version !== next.version || frame.table !== next.table || planned(frame) !== planned(next);
      const sameDecision = frame && frame.table === next.table && frame.decision?.name === next.decision?.name;
      frame = next;
      history.keep(next);
      if (moved) {
        pick.refusal = "";
        // Another seat's move (an AI's sealed step) keeps what this seat was choosing, if it still can.
        if (!sameDecision || (pick.selection.length && pick.candidates().length === 0)) pick.selection = [];
      }
      render();
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
