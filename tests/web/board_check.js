// What the board shows against the view the page holds (tests/web/play.py).
() => {
  const v = window.tycoonRoom.view;
  const b = window.tycoonRoom.board;
  const q = (sel) => document.querySelectorAll(sel).length;
  const out = [];
  const owned = (v.owner || []).filter((o) => o >= 0).length;
  if (q("svg.board rect.owner-strip") !== owned) out.push(`owner strips ${q("svg.board rect.owner-strip")} != ${owned}`);
  const mort = (v.mortgaged || []).filter(Boolean).length;
  if (q("svg.board rect.mortgaged") !== mort) out.push(`mortgages ${q("svg.board rect.mortgaged")} != ${mort}`);
  let houses = 0, hotels = 0;
  (v.level || []).forEach((lv, i) => {
    if (!lv || !b.squares[i] || b.squares[i].kind !== "street") return;
    if (lv >= 5) hotels += 1; else houses += lv;
  });
  if (q("svg.board rect.house") !== houses) out.push(`houses ${q("svg.board rect.house")} != ${houses}`);
  if (q("svg.board rect.hotel") !== hotels) out.push(`hotels ${q("svg.board rect.hotel")} != ${hotels}`);
  const pawns = v.players.filter((p) => p.alive !== false && !p.left).length;
  if (q("svg.board g.token") !== pawns) out.push(`tokens ${q("svg.board g.token")} != ${pawns}`);
  v.players.forEach((p) => {
    if (!Array.isArray(p.passport)) return;
    const shown = [...document.querySelectorAll(".passport-count")].map((e) => e.textContent);
    if (!shown.some((t) => t.startsWith(`Passport ${new Set(p.passport).size}/`))) out.push(`passport of ${p.seat}`);
  });
  if (v.builder && v.builder.grid) {
    const cells = v.builder.grid.flat().filter((c) => c && c[0] >= 0).length;
    if (q("svg.board g.cell") !== v.builder.grid.flat().filter(Boolean).length) out.push("island cells");
    const floors = v.builder.grid.flat().filter((c) => c && c[0] >= 0).reduce((a, c) => a + Math.min(c[1], 4), 0);
    if (q("svg.board g.cell rect.floor") !== floors) out.push(`floors ${q("svg.board g.cell rect.floor")} != ${floors} (${cells} cells)`);
  }
  if (v.city) {
    const blocks = [...document.querySelectorAll("svg.board g.block")];
    if (blocks.length !== 36) out.push(`city blocks ${blocks.length}`);
    blocks.forEach((g) => {
      const i = Number(g.dataset.block);
      const t = g.querySelector("title").textContent;
      if (!t.includes(`: ${(v.city.height || [])[i] || 0} floors`)) out.push(`block ${i}: ${t}`);
      if (((v.city.roof || [])[i] ? 1 : 0) !== (t.includes("skyscraper") ? 1 : 0)) out.push(`roof ${i}`);
    });
  }
  return out;
}
