import sys, os
sys.path.insert(0, os.path.dirname(__file__))
from fixtures import *

Z = ""  # the zero query

# 1. silentAddHappyPath
cat = [catalog("bolt", "Lightning Bolt", "141/280"), catalog("shock", "Shock", "142/280"), catalog("opt", "Opt", "059/280"),
       catalog("duress", "Duress", "090/280"), catalog("ponder", "Ponder", "061/280"), catalog("brainstorm", "Brainstorm", "050/280")]
pk = pack("mtg", [("bolt", 100), ("shock", 150), ("opt", 170), ("duress", 190), ("ponder", 200), ("brainstorm", 230)])
write("silentAddHappyPath", "Steady frame, first pick's literal number read: added silently",
      ["The article's main case: the artwork's first pick is the card whose number OCR read literally,",
       "no other print shares it: identified, one ledger 'added' record, no sheet. Then the same card",
       "from a picked photo (no steady or sharpness gate): added again."],
      [("0", l) for l in cat] + [("0", pk),
       ("+1s", frame(guide=Z, guideBlur={767: 20}, tight={767: 60}, loose={767: 40}, ocr="guide.whole=LIGHTNING BOLT~LIGHTNING 8OLT|HP 3; guide.bottomStrip=141/280 C~141/28O C", cjk=0)),
       ("+2s", frame(source="pickedPhoto", steady=False, variance=0, guide=Z, ocr="guide.bottomStrip=141/280")),
       ("+1s", "portfolio")])

# 2. sharedNumberParallels
cat = [catalog("solring", "Sol Ring", "001/100", set_="Commander"), catalog("solring-alt", "Sol Ring", "001/100", set_="Commander Showcase"),
       catalog("arcane", "Arcane Signet", "002/100", set_="Commander"), catalog("mindstone", "Mind Stone", "003/100", set_="Commander"),
       catalog("thran", "Thran Dynamo", "004/100", set_="Commander"), catalog("talisman", "Talisman", "005/100", set_="Commander"),
       catalog("gilded", "Gilded Lotus", "077/100", set_="Commander"), catalog("gilded-jp", "Gilded Lotus Etched", "077/100", set_="Commander Promo")]
pk = pack("mtg", [("solring", 100), ("arcane", 140), ("mindstone", 150), ("thran", 160), ("talisman", 170), ("solring-alt", 230), ("gilded", 105)])
write("sharedNumberParallels", "Prints sharing a collector number are asked about, never added",
      ["An alternate-art Sol Ring shares 001/100 and the base name: it blocks at any distance (0.898438 here),",
       "and the sheet puts the winner, then the parallel, then artwork order. A different-name card sharing",
       "077/100 that is not in the index at all (no distance) blocks too. The user answers foil on the sheet."],
      [("0", l) for l in cat] + [("0", pk),
       ("+1s", frame(guide=Z, ocr="guide.bottomStrip=001/100")),
       ("+2s", "sheetPick card=solring-alt finish=foil"),
       ("+1s", frame(guide={8 * 6: 10}, ocr="guide.bottomStrip=077/100")),
       ("+2s", "sheetDismiss")])

# 3. marginBoundary
cat = [catalog("drake", "Cloud Drake", "114/250"), catalog("wyvern", "Storm Wyvern", "114/250", set_="Promo"),
       catalog("elk", "Elk", "201/250"), catalog("bear", "Bear", "202/250"), catalog("crab", "Crab", "203/250")]
lines = [("0", l) for l in cat]
for n in (114, 115, 116):
    lines.append(("+1s", pack("mtg", [("drake", 100), ("wyvern", n), ("elk", 180), ("bear", 190), ("crab", 200)])))
    lines.append(("+1s", frame(guide=Z, ocr="guide.bottomStrip=114/250")))
    if n == 114:
        lines.append(("+1s", "sheetDismiss"))
write("marginBoundary", "The 15% parallel margin at 114, 115 and 116 /256 against a 100/256 winner",
      ["A different-name card sharing the number blocks only if the artwork puts it less than 15% farther.",
       "0.390625 x 1.15 = 0.44921874999999994 in IEEE doubles: 114/256 = 0.4453125 blocks; 115/256 =",
       "0.44921875 does not (not strictly below); 116/256 does not. The last two add the winner silently."],
      lines)

# 4. lostLeadingDigit
cat = [catalog("c145", "Harbor Serpent", "145/195"), catalog("c045", "Grizzled Outrider", "045/195"),
       catalog("c146", "Tidal Wave", "146/195"), catalog("c010", "Forest", "010/195"), catalog("c011", "Island", "011/195")]
pk = pack("mtg", [("c145", 100), ("c146", 110), ("c045", 120), ("c010", 160), ("c011", 170)])
write("lostLeadingDigit", "'45/195' read when the card is 145/195: asked, never added as 045/195",
      ["OCR lost the first digit. '45/195' loose-matches 045/195 (third at 0.468750), but the artwork's",
       "first pick is the 145/195 card at 0.390625, 0.468750 is not within 5% of it, and the literal",
       "'45/195' does not spell '045/195': numberDisagrees, sheet [c045, c145, ...]. The user picks the",
       "right card; the calibration log keeps the attempt and the pick."],
      [("0", l) for l in cat] + [("0", pk),
       ("+1s", frame(guide=Z, ocr="guide.bottomStrip=45/195~45/I95")),
       ("+3s", "sheetPick card=c145 finish=nonfoil")])

# 5. laptopScreen
cat = [catalog(f"m{i}", f"Card {i}", f"{i:03d}/100") for i in range(1, 6)]
pk = pack("mtg", [("m1", 0), ("m2", 0), ("m3", 0), ("m4", 0), ("m5", 0)][:0] or [])
lines = [("0", l) for l in cat]
# A screen: every card at sqrt(61156)/256 = 0.966005 (rows 127,127,127,113 and more).
rows = [("m1", 0), ("m2", 0), ("m3", 0), ("m4", 0), ("m5", 0)]
def screen_pack():
    parts = []
    norms = {"m1": [127, 127, 127, 113], "m2": [127, 127, 127, 120], "m3": [127, 127, 127, 127], "m4": [127, 127, 127, 127, 50], "m5": [127, 127, 127, 127, 90]}
    for k, (cid, _) in enumerate(rows):
        parts.append(f"{cid} " + " ".join(f"{8 * k + i}:{p}" for i, p in enumerate(norms[cid])))
    return f'installPack game=mtg revision=2 scale="1/256" rows="{"; ".join(parts)}"'
lines.append(("0", screen_pack()))
for i in range(26):
    lines.append(("+0.5s", frame(guide=Z, guideBlur={767: 5 + i}, ocr="guide.whole=localhost:8080|Inbox (26)" if i % 5 == 0 else None)))
write("laptopScreen", "Pointed at a laptop screen: 26 frames, no card, no entries",
      ["The best distance is 0.966005 (the article's phone-at-laptop median 0.966), above the 0.80",
       "ceiling on every frame: noCard 26 times, no sheet, no ledger record, whatever OCR read."],
      lines)

# 6. japaneseCard
cat = [catalog("pika", "Pikachu", "025/165", game="pkmn", set_="151"), catalog("raichu", "Raichu", "026/165", game="pkmn", set_="151"),
       catalog("mew", "Mew", "151/165", game="pkmn", set_="151"), catalog("eevee", "Eevee", "133/165", game="pkmn", set_="151"),
       catalog("snorlax", "Snorlax", "143/165", game="pkmn", set_="151")]
pk = pack("pkmn", [("pika", 100), ("raichu", 150), ("mew", 160), ("eevee", 170), ("snorlax", 180)])
lines = [("0", l) for l in cat] + [("0", pk)]
for cjk in (40, 3, 7, 8, 37):
    lines.append(("+1s", frame(game="pkmn", guide=Z, ocr="guide.bottomStrip=025/165", cjk=cjk)))
    if cjk >= 8:
        lines.append(("+1s", "sheetDismiss"))
write("japaneseCard", "The language gate: 8 or more Han, kana or hangul characters ask",
      ["Artwork and literal number agree on every frame. English cards count 0-3, Japanese 37-188:",
       "cjk 40 asks (language), 3 and 7 add silently, 8 asks (cut-off inclusive), 37 asks."],
      lines)

# 7. ledgerSameMillisecond
T = 1767225601000
cat = [catalog("old-goblin", "Goblin Guide", "126/249", set_="Zendikar"), catalog("zen-126", "Goblin Guide", "126/249", set_="Zendikar")]
lines = [("0", cat[1]),
         ("+1s", f'ledger event=edited item=i1 finish=foil id="a" t={T}'),
         ("+0s", f'ledger event=added item=i1 card=old-goblin id="z" t={T}'),
         ("+1s", "relaunch"),
         ("+1s", "portfolio"),
         ("+1s", "alias old=old-goblin new=zen-126"),
         ("+1s", "portfolio"),
         ("+1s", "relaunch"),
         ("+1s", f'ledger event=added item=i2 card=zen-126 finish=nonfoil id="m" t={T + 5000}'),
         ("+0s", f'ledger event=edited item=i2 finish=foil id="b" t={T + 5000}'),
         ("+1s", "relaunch")]
write("ledgerSameMillisecond", "An add and a finish edit in the same millisecond, with adversarial ids, then a rename",
      ["The article's replay bug: records (t, edited(finish), 'a') and (t, added, 'z'). Sorted by",
       "(timestamp, replayRank, eventID) the add (rank 0) replays first and the finish sticks, whether",
       "the edit arrives first or second. Relaunches rebuild the same items. Upstream renames the card id",
       "overnight: before the alias the copy vanishes from the portfolio; after it resolves at read time,",
       "and the ledger items are identical before and after (the log is never rewritten)."],
      lines)

# 8. stalePrices
cat = [catalog("ragavan", "Ragavan", "138/303"), catalog("promo", "Promo Elf", "P01/303"), catalog("token", "Token", "T01/303"),
       catalog("bolt", "Lightning Bolt", "141/303")]
b = price_bytes([(0, 1999), (1, 0), (2, None), (3, 250)])
lines = [("0", l) for l in cat]
for i, c in enumerate(["ragavan", "promo", "token", "bolt"]):
    lines.append(("0", f'ledger event=added item=i{i + 1} card={c} finish=nonfoil id="e{i + 1}" t={1767225600000 + i}'))
os.makedirs("Scenarios/cardScanner/fixtures", exist_ok=True)
with open("Scenarios/cardScanner/fixtures/mtg-prices-2025-12-17.bin", "wb") as fh:
    fh.write(b)
lines += [("+1s", 'priceFile game=mtg captured="2025-12-17" file=fixtures/mtg-prices-2025-12-17.bin'),
          ("+1s", "portfolio"),
          ("+1s", f"manifest game=mtg hash=\"{sha(b)}\""),
          ("+1s", "portfolio")]
b2 = price_bytes([(0, 2100), (1, 0), (2, None), (3, 300)])
lines += [("+1s", f'priceFile game=mtg captured="2025-12-25" hex="{b2.hex()}"'),
          ("+1s", f"manifest game=mtg hash=\"{sha(b2)}\""),
          ("+1s", "portfolio"),
          ("+1d", "portfolio")]
write("stalePrices", "Prices 15 days old, a $0.00 promo and an unpriced token",
      ["Captured 2025-12-17, today 2026-01-01: 15 days, more than 7: 'These prices are 2 weeks old'",
       "instead of the total as current. The promo at 0 cents is a price (sentinel Int32.min is unpriced):",
       "total 1999 + 0 + 250 = $22.49, priced 3, unpriced 1. The file is only current once the manifest",
       "names it. A new file captured 2025-12-25 is 7 days old on 2026-01-01 (current: 'Total $24.00'),",
       "and 8 days old a day later ('These prices are 8 days old')."],
      lines)

# 9. badPriceFiles
good = price_bytes([(0, 500), (1, 700)])
lines = [("0", catalog("a1", "Alpha", "001/002")), ("0", catalog("a2", "Beta", "002/002")),
         ("0", 'ledger event=added item=i1 card=a1 finish=nonfoil id="e1" t=1767225600000'),
         ("+1s", f'priceFile game=mtg captured="2025-12-31" hex="{good.hex()}"'),
         ("+0s", f"manifest game=mtg hash=\"{sha(good)}\""),
         ("+1s", f'priceFile game=mtg captured="2026-01-01" hex="{good.hex()[:-2]}"'),
         ("+1s", f'priceFile game=mtg captured="2026-01-01" hex="{price_bytes([(0, 1), (9, 2)]).hex()}"'),
         ("+1s", f'priceFile game=mtg captured="2026-01-01" hex="{price_bytes([(0, -5)]).hex()}"'),
         ("+1s", f'priceFile game=mtg captured="2026-01-01" hex="{price_bytes([(0, 1), (0, 2)]).hex()}"'),
         ("+1s", f"manifest game=mtg hash=\"{sha(b'nothing staged has this hash')}\""),
         ("+1s", "portfolio")]
write("badPriceFiles", "Truncated, out-of-catalog, negative and twice-priced rows: refused, previous kept",
      ["Each bad file is refused with its reason and row, and the previous file stays current; a",
       "manifest naming a hash no staged file has is refused (no half update becomes visible)."],
      lines)

# 10. badInput
cat = [catalog("k1", "Knight", "010/050"), catalog("k2", "Squire", "011/050"), catalog("k3", "Page", "012/050")]
good = pack("mtg", [("k1", 100), ("k2", 150), ("k3", 200), ("ghost", 120)])
lines = [("0", l) for l in cat] + [
    ("0", good),
    ("+1s", pack("mtg", [("k1", 100)], revision=1)),
    ("+1s", 'installPack game=mtg revision=2 scale="0" rows="k1 0:100"'),
    ("+1s", 'installPack game=mtg revision=2 scale="-1/256" rows="k1 0:100"'),
    ("+1s", 'installPack game=mtg revision=2 scale="1/256" rows="k1 0:100; k2 768:5"'),
    ("+1s", 'installPack game=mtg revision=2 scale="1/256" rows="k1 0:100; k1 8:5"'),
    ("+1s", 'installPack game=mtg revision=2 scale="1/256" rows="k1 0:300"'),
    ("+1s", frame(guide="len=700")),
    ("+1s", frame(guide="", guideBlur="5:nan")),
    ("+1s", frame(guide="", loose="len=769")),
    ("+1s", frame(game="lorcana", guide="")),
    ("+1s", frame(guide="", ocr="guide.whole=٤٥/١٩٥|〇一〇/〇五〇; guide.topStrip=|0000/0|12/0; guide.bottomStrip=S0B|120|2026")),
    ("+1s", "sheetPick card=nobody finish=foil"),
    ("+1s", "sheetPick card=k1 finish=foil"),
    ("+1s", "sheetPick card=k1"),
    ("+1s", "setFinish item=item-9 finish=foil"),
    ("+1s", "remove item=item-9"),
    ("+1s", "sheetDismiss"),
    ("+1s", "catalog id=k1 name=\"Knight again\" number=\"010/050\""),
    ("+1s", "alias old=k1 new=k1"),
]
write("badInput", "Wrong dimensions, NaN, refused packs, odd OCR, unknown cards and items: every one said",
      ["Packs of another Vision revision, zero or negative scale, an axis past 767 (a truncated row),",
       "a card listed twice or a level past 127 are refused and the old pack kept. Embeddings of length",
       "700 or 769 or with a NaN drop the frame (badEmbedding). A pack row for a card not in the catalog",
       "('ghost') is never ranked. A game with no pack is refused. OCR strings with Arabic-Indic digits,",
       "ideographic zeros, empty strings, '0000/0', '12/0', 'S0B', '120' and '2026' give no key: the",
       "sheet opens for lowConfidence in artwork order. Unknown cards and items are refused by name."],
      lines)

# 11. softFrames
cat = [catalog("f1", "Fox", "021/099"), catalog("f2", "Owl", "022/099")]
pk = pack("mtg", [("f1", 100), ("f2", 160)])
ok = "guide.bottomStrip=021/099"
lines = [("0", l) for l in cat] + [("0", pk),
    ("+1s", frame(steady=False, variance=500, guide=Z, ocr=ok)),
    ("+1s", frame(variance=99.9, guide=Z, ocr=ok)),
    ("+1s", frame(variance=-3, guide=Z, ocr=ok)),
    ("+1s", frame(variance="nan", guide=Z, ocr=ok)),
    ("+1s", frame(variance=100.0, ciVariance=-3, guide=Z, ocr=ok)),
    ("+1s", frame(variance=420, ciVariance=-17.5, guide=Z, ocr=ok)),
    ("+1s", frame(source="pickedPhoto", steady=False, variance=0, guide=Z, ocr=ok))]
write("softFrames", "The live gates: not steady, soft at 99.9, passes at 100.0, negative variance refused",
      ["Live frames: not steady drops first; variance 99.9 is soft, 100.0 passes (inclusive floor); -3",
       "and nan are badVariance (true arithmetic variance is never negative). The Core Image blend",
       "pipeline measured -3 and -17.5 on the two sharp frames (ciVariance); the arithmetic variance is",
       "what gates, so both add. A picked photo with variance 0, not steady, skips the gates."],
      lines)

# 12. cropsAndPasses: card k's first axis is 8k. R = right card (k=0, n=90), W = wrong (k=1, n=100).
cat = [catalog("holo", "Shining Charizard", "107/105", game="pkmn", set_="Neo Destiny"), catalog("flat", "Charizard", "004/102", game="pkmn", set_="Base"),
       catalog("p3", "Magikarp", "035/102", game="pkmn", set_="Base"), catalog("p4", "Gyarados", "006/102", game="pkmn", set_="Base")]
pk = pack("pkmn", [("holo", 90), ("flat", 100), ("p3", 150), ("p4", 160)])
lines = [("0", l) for l in cat] + [("0", pk),
    # Holo sparkle: the sharp print drifts towards 'flat'; the blurred one stays near 'holo'.
    ("+1s", frame(game="pkmn", guide={8: 30, 767: 100}, guideBlur={0: 30}, tight={767: 120}, loose={767: 110}, ocr="guide.bottomStrip=107/105 ★~1O7/1O5")),
    # A tie: guide sharp and loose blurred both at 115.2/256 -> guide wins the tie.
    ("+1s", frame(game="pkmn", guide={767: 72}, loose={767: 100}, looseBlur={767: 72}, ocr="guide.whole=107/105")),
    # The tight crop cut the number off: nothing in whole, strips or corners; loose reads it.
    ("+1s", frame(game="pkmn", tight=Z, guide={767: 40}, loose={767: 50}, ocr="tight.whole=Shining Charizard|HP 100; loose.bottomStrip=107/105")),
    # Corners run only when whole and strips read no number: cornerB has it.
    ("+1s", frame(game="pkmn", guide=Z, ocr="guide.whole=Fire Spin 100; guide.cornerA=Illus. Mitsuhiro Arita; guide.cornerB=107/105 ★")),
    # .centerCrop's print (recorded, unused unless the fault) sits near 'flat'.
    ("+1s", frame(game="pkmn", guide=Z, centerCrop={8: 40}, ocr="guide.bottomStrip=107/105")),
]
write("cropsAndPasses", "Three crops, sharp and blurred prints, strips before corners, the loose retry",
      ["1: holo sparkle pulls the sharp print towards 'flat' (0.477); the blurred print is 0.234375 from",
       "'holo', so per-card min ranks 'holo' first and its number adds it. 2: guide (sharp) and loose",
       "(blurred) tie at 0.450000: guide is chosen. 3: the tight crop is closest but cut the number off;",
       "all six passes on tight read nothing, the loose crop's bottom strip reads 107/105. 4: the corners",
       "run because whole and strips read no number; cornerB has it. 5: .centerCrop's print is ignored."],
      lines)

# 13. numberOnlyMode
cat = [catalog("c145", "Harbor Serpent", "145/195"), catalog("c045", "Grizzled Outrider", "045/195"), catalog("c046", "Outrider", "046/195")]
lines = [("0", l) for l in cat] + [
    ("+1s", frame(guide=Z, ocr="guide.bottomStrip=45/195")),
    ("+1s", "sheetPick card=c145 finish=nonfoil"),
    ("+1s", frame(guide=Z, ocr="guide.whole=Grizzled Outrider; loose.bottomStrip=O45/195")),
    ("+1s", "sheetDismiss"),
    ("+1s", frame(guide=Z)),
    ("+1s", frame(guide=Z, ocr="guide.bottomStrip=999/999")),
    ("+1s", "relaunch"),
    ("+1s", frame(guide=Z, ocr="guide.bottomStrip=046/195")),
]
write("numberOnlyMode", "Feature prints fail (the Simulator): the probe switches to number-only mode",
      ["The launch probe fails ('Failed to create espresso context'): no artwork for the session. A read",
       "'45/195' matches 045/195 only loosely: sheet [c045], never added; the user picks another card.",
       "The guide reads no number, loose does ('O45/195' folds to 045/195, literal): sheet [c045].",
       "Nothing read: noNumber. A number no card has: noMatchingNumber. Relaunch probes again, same result;",
       "even a literal read is asked (artworkUnavailable), never added."],
      lines, settings=["featurePrint espressoFailure"])

# 14. unpaddedAndTies
cat = [catalog("n18", "Llanowar Elves", "018/130"), catalog("n19", "Elvish Mystic", "019/130"), catalog("n20", "Fyndhorn Elves", "020/130"),
       catalog("n21", "Birds", "021/130")]
lines = [("0", l) for l in cat]
def seq(first, second, reading):
    return [("+1s", pack("mtg", [(first[0], first[1]), (second[0], second[1]), ("n20", 180), ("n21", 190)])),
            ("+1s", frame(guide=Z, ocr=f"guide.bottomStrip={reading}"))]
lines += seq(("n18", 100), ("n19", 104), "18/130")          # first pick, unpadded: identified
lines += seq(("n19", 100), ("n18", 104), "18/130")          # second at 104 (tie), unpadded needs the first pick: numberDisagrees
lines += [("+1s", "sheetDismiss")]
lines += seq(("n19", 100), ("n18", 104), "018/130")         # literal, inside the 5% tie: identified
lines += seq(("n19", 100), ("n18", 105), "018/130")         # 105/256 is not < 0.41015625: numberDisagrees
lines += [("+1s", "sheetDismiss")]
write("unpaddedAndTies", "'18/130' against catalog 018/130, and the 5% artwork tie at 104 and 105 /256",
      ["'18/130' adds 018/130 only when it is the artwork's first pick (unpadded). As second pick at",
       "104/256 = 0.40625 (inside 0.390625 x 1.05 = 0.41015625) it is asked: numberDisagrees. The literal",
       "'018/130' as second pick at 104/256 ties and adds; at 105/256 = 0.41015625 it does not tie (strict)."],
      lines)

# 15. unindexedNumber
cat = [catalog("u1", "Ancient Tomb", "001/100"), catalog("u2", "City of Traitors", "002/100"), catalog("u3", "Grim Monolith", "003/100"),
       catalog("u4", "Mana Vault", "004/100"), catalog("u5", "Chrome Mox", "005/100"), catalog("u6", "Mox Diamond", "006/100"),
       catalog("u99", "Brand New Card", "099/100", set_="Tomorrow")]
pk = pack("mtg", [("u1", 100), ("u2", 130), ("u3", 140), ("u4", 150), ("u5", 160), ("u6", 170)])
lines = [("0", l) for l in cat] + [("0", pk),
    ("+1s", frame(guide=Z, ocr="guide.bottomStrip=001/100|099/100")),
    ("+1s", "sheetPick card=u99 finish=nonfoil"),
    ("+1s", frame(guide=Z, ocr="guide.bottomStrip=099/100")),
    ("+1s", "sheetPick card=u99 finish=foil"),
    ("+1s", frame(guide=Z)),
    ("+1s", "sheetDismiss")]
write("unindexedNumber", "A number the index never offered goes first on the sheet, never added",
      ["The index lags the catalog: u99 has no row. Reading 001/100 and 099/100: u1 matches with the",
       "artwork's agreement, but a literal number names a card not offered: unindexedNumber, u99 first.",
       "Only 099/100 read: no offered card matches, lowConfidence with u99 first (the artwork's margin",
       "of 0.390625 vs 0.507813 alone never adds). Nothing read: lowConfidence in artwork order."],
      lines)

# 16. relaunchSession
cat = [catalog("s1", "Swamp", "250/280"), catalog("s2", "Plains", "251/280"), catalog("s3", "Island", "252/280"), catalog("s4", "Mountain", "253/280")]
pk = pack("mtg", [("s1", 100), ("s2", 140), ("s3", 160), ("s4", 180)])
lines = [("0", l) for l in cat] + [("0", pk),
    ("+1s", frame(guide=Z, ocr="guide.bottomStrip=250/280")),
    ("+1s", frame(guide=Z)),
    ("+2s", "sheetPick card=s2 finish=foil"),
    ("+1s", frame(guide=Z)),
    ("+1s", "sheetPick card=s3 finish=foil"),
    ("+1s", "setFinish item=item-1 finish=foil"),
    ("+1s", "remove item=item-2"),
    ("+1s", frame(guide=Z)),
    ("+1s", "relaunch"),
    ("+1s", "sheetPick card=s4"),
    ("+1s", 'ledger event=added item=tablet-1 card=s3 id="tablet-add" t=1767225604000'),
    ("+0s", 'ledger event=edited item=tablet-1 finish=foil id="late-edit" t=1767225500000'),
    ("+0s", 'ledger event=edited item=tablet-1 finish=nonfoil id="late-edit" t=1767225500000'),
    ("+0s", 'ledger event=edited item=tablet-1 finish=foil id="late-edit" t=1767225500000'),
    ("+0s", 'ledger event=added item=item-1 card=s4 id="tablet-dup" t=1767225609000'),
    ("+1s", 'ledger event=removed item=item-2 id="again" t=1767225620000'),
    ("+1s", "relaunch"),
    ("+1s", "portfolio")]
write("relaunchSession", "A session of adds, picks, edits and a removal; relaunch rebuilds the same items",
      ["Silent add, two sheet picks (added + finish edit in the same millisecond, random ids), a finish",
       "change and a removal (a tombstone). The app is killed with a sheet open: the sheet is lost, the",
       "probe runs again and the ledger replays to identical items; a pick after relaunch has no sheet.",
       "Records from a tablet: an add with an earlier timestamp replays into place; an edit that sorts",
       "before its item's creation stays in the log as an orphan and is never applied; the same record",
       "again is idempotent, the same id with other content refused; a second add for a live item and",
       "removing a removed item are orphans too."],
      lines)

# 17. varianceFloorSetting
cat = [catalog("f1", "Fox", "021/099"), catalog("f2", "Owl", "022/099")]
pk = pack("mtg", [("f1", 100), ("f2", 160)])
ok = "guide.bottomStrip=021/099"
write("varianceFloorSetting", "The soft-frame floor re-fitted to 300: a 250 frame is soft, 300 passes",
      ["The article gives no threshold; the floor is configuration (A3), to be re-fitted from the",
       "calibration log. At 300, variance 250 and 299.999 are soft, 300 passes (inclusive)."],
      [("0", l) for l in cat] + [("0", pk),
       ("+1s", frame(variance=250, guide=Z, ocr=ok)),
       ("+1s", frame(variance=299.999, guide=Z, ocr=ok)),
       ("+1s", frame(variance=300, guide=Z, ocr=ok))],
      settings=["varianceFloor 300"])
