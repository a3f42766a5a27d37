"""Article "worlds" for the FRUIT-style generator: each builder returns a Plan.

A Plan is an article about one entity: its title, its facts as (key, sentence) in article
order, candidate updates (Events) and distractor evidence. An Event is a self-contained
piece of news: evidence items (text or table) that state it, and operations on the article:

    ("add", after_key_or_None, text)   new sentence(s) after the fact `after_key` (None: at the end)
    ("sub", key, text)                 the fact `key` is rewritten
    ("del", key)                       the fact `key` is dropped (no longer true)

Each operation cites all evidence items of its event unless it names `refs` (indices into the
event's evidence). `needs` lists fact keys that must be in the source for the event to make
sense; `group` keeps two conflicting events out of the same example.
"""

from dataclasses import dataclass, field

from . import world as W
from .world import say


@dataclass
class Ev:
    title: str
    section: str = ""
    text: str = ""
    table: dict = None  # {"caption": str, "header": [..], "rows": [[..], ..]}


@dataclass
class Event:
    ops: list
    evidence: list
    group: str
    needs: tuple = ()
    kind: str = ""


@dataclass
class Plan:
    kind: str
    title: str
    facts: list                      # [(key, sentence)]
    events: list = field(default_factory=list)
    # (fact_key_or_None, Ev): restatements only count as distractors when their fact is in
    # the source; None = unrelated, always a distractor.
    distractors: list = field(default_factory=list)
    required: tuple = ("intro",)     # facts always kept


class Ctx:
    """Random choices for one example, drawn from one name partition."""

    def __init__(self, rng, partition, corpus=None):
        self.rng = rng
        self.part = partition
        self.corpus = corpus
        p = W.pools()
        self.male = p["male"][partition]
        self.female = p["female"][partition]
        self.surnames = p["surname"][partition]
        self.adjs = p["adjective"][partition]
        self.nouns = p["noun"][partition]
        self.dmy = rng.random() < 0.6  # date style of this article
        self.cur = rng.choice(["$", "€", "£", "US$", "$", "€"])  # currency of this article
        self.used = set()

    # --- names ---------------------------------------------------------------
    def person(self, gender=None):
        r = self.rng
        g = gender or r.choice("mf")
        for _ in range(50):
            first = r.choice(self.male if g == "m" else self.female)
            last = r.choice(self.surnames)
            if r.random() < 0.08:
                last = f"{last}-{r.choice(self.surnames)}"
            name = f"{first} {last}"
            if name not in self.used and first != last:
                self.used.add(name)
                return {"name": name, "first": first, "last": last, "g": g,
                        "he": "he" if g == "m" else "she", "his": "his" if g == "m" else "her",
                        "him": "him" if g == "m" else "her"}
        raise RuntimeError("name pool exhausted")

    def place(self):
        r = self.rng
        for _ in range(200):
            name = r.choice(W.PLACE_HEADS) + r.choice(W.PLACE_MIDS) + r.choice(W.PLACE_TAILS)
            name = name[0].upper() + name[1:].lower()
            if 4 <= len(name) <= 13 and W.partition_of(name) == self.part and name not in self.used:
                self.used.add(name)
                return name
        raise RuntimeError("place pool exhausted")

    def country(self):
        return self.rng.choice(W.COUNTRIES)

    def river(self):
        return self.place() + self.rng.choice(W.RIVERS_TAILS)

    def region(self):
        kind = self.rng.choice(W.REGION_KINDS)
        name = self.place()
        if kind[0].islower():
            return f"{name} {kind}"
        return self.rng.choice([f"{name} {kind}", f"{kind} of {name}"])

    def club(self, hockey=False):
        pat = self.rng.choice(W.HOCKEY_CLUB if hockey else W.CLUB_PATTERNS)
        return pat.format(c=self.place())

    def league(self, adj):
        return self.rng.choice(W.LEAGUE_PATTERNS).format(adj=adj)

    def company(self):
        r = self.rng
        if r.random() < 0.5:
            return f"{r.choice(self.surnames)} {r.choice(W.COMPANY_TAILS)}"
        return f"{self.place()} {r.choice(W.COMPANY_TAILS)}"

    def work_title(self):
        r = self.rng
        a, n, n2 = r.choice(self.adjs), r.choice(self.nouns), r.choice(self.nouns)
        return r.choice([f"The {a} {n}", f"{a} {n}", f"The {n} of {self.place()}", f"{n} and {n2}",
                         f"A {a} {n}", f"{n}s of the {a} {n2}", f"The {n}", f"{self.place()}"])

    def award(self):
        r = self.rng
        c, adj = self.country()
        return r.choice(W.AWARD_PATTERNS).format(s=r.choice(self.surnames), adj=adj, c=self.place(),
                                                 n=r.choice(self.nouns))

    def label(self):
        r = self.rng
        c, adj = self.country()
        return r.choice(W.LABELS).format(s=r.choice(self.surnames), n=r.choice(self.nouns),
                                         adj2=r.choice(self.adjs), c=self.place())

    def firm(self):
        r = self.rng
        return r.choice(W.FIRMS).format(s=r.choice(self.surnames), s2=r.choice(self.surnames))

    # --- dates and numbers ---------------------------------------------------
    def date(self, year, with_day=True):
        r = self.rng
        m = r.choice(W.MONTHS)
        if not with_day:
            return f"{m} {year}"
        d = r.randint(1, 28)
        return f"{d} {m} {year}" if self.dmy else f"{m} {d}, {year}"

    def section(self, *names):
        """A section name; sometimes the lead section, as FRUIT spells it."""
        if self.rng.random() < 0.12:
            return "INTRODUCTION"
        return self.rng.choice(names)

    def corpus_distractor(self):
        if self.corpus is None:
            return None
        return self.corpus.distractor(self.rng, self.part)


def _tbl(caption, header, rows):
    return {"caption": caption, "header": header, "rows": rows}


# ===========================================================================
# Athletes
# ===========================================================================

def athlete(c):
    r = c.rng
    p = c.person()
    role, sport, positions, team = r.choice(W.SPORTS)
    country, nat = c.country()
    born = r.randint(1970, 2000)
    y0 = r.randint(max(born + 19, 2008), 2019)  # "now" of the source article
    birthplace = c.place()
    pos = r.choice(positions)
    name, last, he, his = p["name"], p["last"], p["he"], p["his"]
    hockey = sport == "ice hockey"
    season = "Winter" if sport in W.WINTER_SPORTS else "Summer"
    oly = [y for y in range(1992, 2023, 2) if (y % 4 == (2 if season == "Winter" else 0)) and born + 17 <= y <= y0]
    facts = []
    if team:
        club = c.club(hockey)
        league = c.league(nat)
        facts.append(("intro", say(r, "{name} (born {bd}) is a {nat} [[professional |]]{role} who [[plays|currently plays]] as a {pos} for {club}[[ in the {league}|]].",
                                   name=name, bd=c.date(born) if r.random() < .6 else born, nat=nat, role=role, pos=pos, club=club, league=league)))
        facts.append(("birth", say(r, "[[Born in {bp}, {he}|{He} was born in {bp} and]] began {his} career in the youth system of {club0}.",
                                   bp=birthplace, he=he, He=he.capitalize(), his=his, club0=c.club(hockey))))
        join = r.randint(max(born + 18, y0 - 6), y0)
        facts.append(("club", say(r, "{He} [[joined|signed for|moved to]] {club} in {y}[[ from {prev}|]].",
                                  He=he.capitalize(), club=club, y=join, prev=c.club(hockey))))
        caps = r.randint(3, 60)
        facts.append(("caps", say(r, "{He} [[has earned|has won]] {caps} caps for the {nat} national team[[ since {y}|]].",
                                  He=he.capitalize(), caps=caps, nat=nat, y=r.randint(born + 18, y0))))
    else:
        club = c.club()
        facts.append(("intro", say(r, "{name} (born {bd}[[ in {bp}|]]) is a {nat} {role}[[ who specialises in the {pos}| who competes mainly in the {pos}|]].",
                                   name=name, bd=c.date(born) if r.random() < .5 else born, bp=birthplace, nat=nat, role=role, pos=pos)))
        facts.append(("club", say(r, "{He} [[represents|competes for|is a member of]] the club {club}[[ and is coached by {coach}|]].",
                                  He=he.capitalize(), club=club, coach=c.person()["name"])))
        if oly:
            facts.append(("olympics", say(r, "{He} competed at the {y} {season} Olympics[[ in the {pos}|]].",
                                          He=he.capitalize(), y=oly[-1], season=season, pos=pos)))
        facts.append(("best", say(r, "[[{His} best result at the World Championships is|At the World Championships {his} best finish is]] {ordinal} place in the {pos}[[, achieved in {y}|]].",
                                  His=his.capitalize(), his=his, ordinal=W.ORDINALS[r.randint(3, 11)], pos=pos, y=r.randint(born + 18, y0))))
    if r.random() < .5:
        facts.append(("personal", say(r, "{He} [[is married to|has been in a relationship with]] {partner}[[, a former {role}|]].",
                                      He=he.capitalize(), partner=c.person()["name"], role=role)))

    plan = Plan("athlete", name, facts)
    yn = y0 + r.randint(1, 3)
    He = he.capitalize()

    # transfer / new club
    if team:
        club2 = c.club(hockey)
        d = c.date(yn)
        ev = [Ev(club2, c.section("Players", f"{yn}–{str(yn + 1)[2:]} season", "Transfers", "History"),
                 say(r, "[[On {d}, the club|On {d} {club2}]] [[announced the signing of|signed]] {pos} {name} from {club}[[ on a {n}-year contract| for an undisclosed fee|]].",
                     d=d, club2=club2, pos=pos, name=name, club=club, n=W.number_word(r.randint(2, 4))))]
        if r.random() < .35:
            ev.append(Ev(club2, "Current squad - Table", table=_tbl("", ["No.", "Pos.", "Nation", "Player"],
                         [[str(r.randint(2, 40)), pos.title() if r.random() < .5 else pos[:2].upper(), country.replace("the ", ""), name]])))
        text = say(r, "[[In {my}|On {d}]], {he} [[joined|signed for|moved to]] {club2}[[ on a {n}-year contract|]].",
                   my=f"{d.split()[-2] if c.dmy else d.split()[0]} {yn}", d=d, he=he, club2=club2, n=W.number_word(r.randint(2, 4)))
        if r.random() < .5:
            ops = [("sub", "intro", say(r, "{name} (born {born}) is a {nat} {role} who plays as a {pos} for {club2}[[ in the {league}|]].",
                                        name=name, born=born, nat=nat, role=role, pos=pos, club2=club2, league=c.league(nat))),
                   ("add", "club", text)]
        else:
            ops = [("add", "club", text)]
        plan.events.append(Event(ops, ev, "career", ("club",), "transfer"))
    # retirement
    d = c.date(yn, with_day=r.random() < .5)
    ev = [Ev(name, c.section("Career", "Later career", "Retirement", "Personal life"),
             say(r, "[[{last}|{name}]] announced {his} retirement from [[professional|competitive]] {sport} in {d}[[, citing a recurring knee injury|, at the age of {age}| after {n} seasons|]].",
                 last=last, name=name, his=his, sport=sport, d=d, age=yn - born, n=r.randint(8, 16)))]
    ops = [("add", None, say(r, "{He} [[retired from|announced {his} retirement from]] [[professional|competitive]] {sport} in {d}.",
                              He=He, his=his, sport=sport, d=d))]
    if team and r.random() < .5:
        ops.append(("sub", "intro", say(r, "{name} (born {born}) is a {nat} former {role} who played as a {pos}.",
                                        name=name, born=born, nat=nat, role=role, pos=pos)))
    plan.events.append(Event(ops, ev, "career", (), "retirement"))
    # Olympics / championship result from a results table
    if not team:
        ys = [y for y in range(y0 + 1, y0 + 5) if y % 4 == (2 if season == "Winter" else 0)]
        if ys:
            y = ys[0]
            rank = r.randint(1, 12)
            rows = []
            for k in range(max(1, rank - 1), rank + 2):
                if k == rank:
                    rows.append([str(k), name, country.replace("the ", ""), f"{r.randint(1, 59)}:{r.randint(10, 59)}.{r.randint(0, 9)}"])
                else:
                    rows.append([str(k), c.person()["name"], c.country()[0].replace("the ", ""), f"{r.randint(1, 59)}:{r.randint(10, 59)}.{r.randint(0, 9)}"])
            host = c.place()
            ev = [Ev(f"{sport.capitalize()} at the {y} {season} Olympics – {'Men' if p['g'] == 'm' else 'Women'}'s {pos}",
                     "Results - Table", table=_tbl("", ["Rank", "Athlete", "Nation", "Time"], rows))]
            medal = {1: "won the gold medal", 2: "won the silver medal", 3: "won the bronze medal"}.get(rank)
            res = medal or f"finished {W.ORDINALS[rank - 1]}"
            ops = [("add", "olympics" if oly else None, say(r, "At the {y} {season} Olympics in {host}, {he} {res} in the {pos}.",
                                                            y=y, season=season, host=host, he=he, res=res, pos=pos))]
            if oly and r.random() < .5:
                ops = [("sub", "olympics", say(r, "{He} competed at the {y1} and {y2} {season} Olympics, [[finishing {ord} in the {pos} in {y2}|and {res} in the {pos} in {y2}]].",
                                               He=He, y1=oly[-1], y2=y, season=season, ord=W.ORDINALS[rank - 1], pos=pos, res=res))]
            ev[0].table["caption"] = "" if r.random() < .6 else f"{'Men' if p['g'] == 'm' else 'Women'}'s {pos}"
            plan.events.append(Event(ops, ev, "olympics", (), "olympics"))
        # world championship medal (text)
        y = y0 + r.randint(1, 3)
        host = c.place()
        medal = r.choice(["gold", "silver", "bronze"])
        ev = [Ev(f"{y} World {sport.capitalize()} Championships", c.section("Results", "Medal summary", "Summary"),
                 say(r, "[[In the {pos}, |]]{name} of {country} [[took|won]] the {medal} medal[[ in the {pos}|]][[, ahead of {other}|]].",
                     pos=pos, name=name, country=country, medal=medal, other=c.person()["name"]))]
        plan.events.append(Event([("sub", "best", say(r, "{He} won the {medal} medal in the {pos} at the {y} World Championships in {host}.",
                                                       He=He, medal=medal, pos=pos, y=y, host=host))],
                                 ev, "worlds", ("best",), "championship"))
    else:
        # caps update from a national team table
        new_caps = r.randint(61, 110)
        goals = r.randint(0, 30)
        ev = [Ev(f"{country.replace('the ', '').title() if country.startswith('the ') else country} national {sport} team",
                 "Most capped players - Table", table=_tbl("", ["Rank", "Player", "Caps", "Goals", "Career"],
                 [[str(r.randint(1, 20)), name, str(new_caps), str(goals), f"{r.randint(born + 18, y0)}–present"]]))]
        plan.events.append(Event([("sub", "caps", say(r, "As of {d}, {he} has earned {n} caps[[ and scored {g} goals|]] for the {nat} national team.",
                                                       d=c.date(yn, with_day=False), he=he, n=new_caps, g=goals, nat=nat))],
                                 ev, "caps", ("caps",), "caps"))
    # coaching after career
    club3 = c.club(hockey)
    y = yn + r.randint(0, 2)
    ev = [Ev(club3, c.section("Coaching staff", "History", "Staff"),
             say(r, "In {y}, former {nat} international {name} was [[appointed|named]] [[head coach|assistant coach|youth coach]] of the [[club|team]].",
                 y=y, nat=nat, name=name))]
    plan.events.append(Event([("add", None, say(r, "In {y}, {he} was [[appointed|named]] coach at {club3}.", y=y, he=he, club3=club3))],
                             ev, "coach", (), "coach"))
    # death
    yd = yn + r.randint(0, 2)
    dd = c.date(yd)
    city = c.place()
    ev = [Ev(name, c.section("Death", "Personal life", "Later life"),
             say(r, "{last} died [[on {dd} in {city}|in {city} on {dd}]][[ after a short illness|, aged {age}| following a car accident|]].",
                 last=last, dd=dd, city=city, age=yd - born))]
    plan.events.append(Event([("add", None, say(r, "{He} died on {dd} in {city}[[ at the age of {age}|]].", He=He, dd=dd, city=city, age=yd - born)),
                              ("sub", "intro", say(r, "{name} ({born} – {yd}) was a {nat} {role}.", name=name, born=born, yd=yd, nat=nat, role=role))],
                             ev, "career", (), "death"))
    # distractors
    plan.distractors += [
        ("club", Ev(club, c.section("Players", "Current squad", "History"),
                    say(r, "[[{name} has played for the club since {y}.|The club's squad includes {pos} {name}.]]", name=name, pos=pos, y=y0 - 1))),
        ("birth", Ev(birthplace, "Notable people", say(r, "{name}, {nat} {role}, was born in {bp}.", name=name, nat=nat, role=role, bp=birthplace))),
        (None, Ev(c.club(hockey), c.section("History", "Players"), say(r, "{other} joined the club in {y} from {club}.", other=c.person()["name"], y=yn, club=club))),
        (None, Ev(f"{yn} in {sport}", "Events", say(r, "{other} of {cty} won the {pos} title.", other=c.person()["name"], cty=c.country()[0], pos=pos))),
        (None, Ev(c.place(), "Sport", say(r, "The town's {sport} club, {cl}, was founded in {y}.", sport=sport, cl=c.club(hockey), y=r.randint(1890, 1990)))),
    ]
    return plan


# ===========================================================================
# Politicians
# ===========================================================================

def politician(c):
    r = c.rng
    p = c.person()
    country, nat = c.country()
    name, last, he, his = p["name"], p["last"], p["he"], p["his"]
    He, His = he.capitalize(), his.capitalize()
    y0 = r.randint(2008, 2019)
    born = r.randint(1945, min(1985, y0 - 30))
    party = r.choice(W.PARTIES)
    legislature = r.choice(["Parliament", "National Assembly", "Chamber of Deputies", "Senate", "Riksdag",
                            "Sejm", "Folketing", "Bundestag", "House of Representatives"])
    constituency = c.place()
    elected = r.randint(max(born + 28, 1990), y0)
    prof = r.choice(W.PROFESSIONS)
    facts = [
        ("intro", say(r, "{name} (born {bd}) is a {nat} politician [[and member of|of]] the {party}[[ who has been a member of the {leg} since {y}|]].",
                      name=name, bd=c.date(born) if r.random() < .5 else born, nat=nat, party=party, leg=legislature, y=elected)),
        ("elected", say(r, "{He} was first elected [[to the {leg}|]] [[for|in]] the {con} [[constituency|district]] in {y}.",
                        He=He, leg=legislature, con=constituency, y=elected)),
        ("before", say(r, "Before entering politics, {he} worked as a {prof} in {city}.", he=he, prof=prof, city=c.place())),
    ]
    office = None
    if r.random() < .6:
        office = r.choice(W.PORTFOLIOS)
        y1 = r.randint(elected, y0)
        facts.append(("office", say(r, "{He} [[has served as Minister of {o} since {y}|has been Minister of {o} in the government of {pm} since {y}]].",
                                    He=He, o=office, y=y1, pm=c.person()["name"])))
    facts.append(("education", say(r, "{He} studied {subj} at the University of {city}.", He=He,
                                   subj=r.choice(["law", "economics", "history", "political science", "medicine", "engineering", "philosophy"]), city=c.place())))
    plan = Plan("politician", name, facts)
    ey = y0 + r.randint(1, 4)
    # election result table
    votes = r.randint(8000, 40000)
    opp = c.person()
    party2 = r.choice([x for x in W.PARTIES if x != party])
    win = r.random() < .6
    v2 = int(votes * (r.uniform(.55, .95) if win else r.uniform(1.05, 1.6)))
    tot = votes + v2 + r.randint(2000, 9000)
    rows = [[party, name, W.thousands(votes), f"{100 * votes / tot:.1f}"], [party2, opp["name"], W.thousands(v2), f"{100 * v2 / tot:.1f}"]]
    if not win:
        rows.reverse()
    ev = [Ev(f"{constituency} ({'constituency' if r.random() < .5 else 'electoral district'})",
             f"Elections - Table", table=_tbl(f"{ey} general election: {constituency}" if r.random() < .5 else "",
                                              ["Party", "Candidate", "Votes", "%"], rows))]
    if win:
        ops = [("add", "elected", say(r, "{He} was re-elected in the {y} [[general |]]election with {pct} per cent of the vote.",
                                      He=He, y=ey, pct=rows[0][3]))]
    else:
        ops = [("add", "elected", say(r, "{He} lost {his} seat [[in|at]] the {y} election to {opp} of the {p2}.",
                                      He=He, his=his, y=ey, opp=opp["name"], p2=party2))]
        if office:
            ops.append(("del", "office"))
    plan.events.append(Event(ops, ev, "election", ("elected",), "election"))
    # appointed minister
    port = r.choice([x for x in W.PORTFOLIOS if x != office])
    d = c.date(ey)
    pm = c.person()
    ev = [Ev(f"{pm['last']} Cabinet" if r.random() < .5 else f"Government of {country.replace('the ', '')}",
             c.section("Ministers", "Composition", "Members"),
             say(r, "[[On {d}, |]]{name} of the {party} [[was appointed|became]] Minister of {port}[[, succeeding {prev}|]].",
                 d=d, name=name, party=party, port=port, prev=c.person()["name"]))]
    if office:
        ops = [("sub", "office", say(r, "{He} served as Minister of {o} until {y}, when {he} [[was appointed|became]] Minister of {port}.",
                                     He=He, o=office, y=ey, he=he, port=port))]
        need = ("office",)
    else:
        ops = [("add", None, say(r, "On {d}, {he} was appointed Minister of {port} in the government of {pm}.", d=d, he=he, port=port, pm=pm["name"]))]
        need = ()
    plan.events.append(Event(ops, ev, "office", need, "appointment"))
    # party switch
    party3 = r.choice([x for x in W.PARTIES if x not in (party, party2)])
    y = y0 + r.randint(1, 3)
    ev = [Ev(party3, c.section("History", "Members", "Parliamentary group"),
             say(r, "In {y}, {name}, previously [[a member|a deputy]] of the {party}, [[defected to|joined]] the party.", y=y, name=name, party=party))]
    plan.events.append(Event([("sub", "intro", say(r, "{name} (born {born}) is a {nat} politician of the {p3}, having left the {party} in {y}.",
                                                   name=name, born=born, nat=nat, p3=party3, party=party, y=y))],
                             ev, "party", (), "party switch"))
    # resignation
    y = y0 + r.randint(1, 3)
    ev = [Ev(name, c.section("Political career", "Resignation", "Controversy"),
             say(r, "[[{last}|{name}]] resigned from the {leg} in {m}[[ following a dispute over party funding| for health reasons| to take up a post at the {org}|]].",
                 last=last, name=name, leg=legislature, m=c.date(y, with_day=False), org=c.company()))]
    ops = [("add", None, say(r, "{He} resigned {his} seat in the {leg} in {y}.", He=He, his=his, leg=legislature, y=y))]
    if office:
        ops.append(("del", "office"))
    plan.events.append(Event(ops, ev, "office", (), "resignation"))
    plan.distractors += [
        ("elected", Ev(constituency, c.section("Politics", "Representation"),
                       say(r, "The constituency has been represented by {name} of the {party} since {y}.", name=name, party=party, y=elected))),
        (None, Ev(party, c.section("Leadership", "History"), say(r, "{other} was elected party leader in {y}.", other=c.person()["name"], y=ey))),
        (None, Ev(f"{ey} {nat} general election", "Results", say(r, "Turnout was {t} per cent, [[the lowest|the highest]] since {y}.", t=r.randint(45, 85), y=r.randint(1950, 2000)))),
        (None, Ev(c.place(), "Politics", say(r, "The town council is led by {other} of the {p}.", other=c.person()["name"], p=r.choice(W.PARTIES)))),
    ]
    return plan


# ===========================================================================
# Bands and musicians
# ===========================================================================

def band(c):
    r = c.rng
    country, nat = c.country()
    name = r.choice([f"The {r.choice(c.adjs)} {r.choice(c.nouns)}s", f"{r.choice(c.nouns)} {r.choice(c.nouns)}",
                     f"The {r.choice(c.nouns)}s", f"{r.choice(c.adjs)} {r.choice(c.nouns)}", f"{c.place()}"])
    genre = r.choice(W.GENRES_MUSIC)
    city = c.place()
    formed = r.randint(1985, 2012)
    y0 = r.randint(formed + 4, 2020)
    members = [c.person() for _ in range(r.randint(3, 4))]
    mnames = [m["name"] for m in members]
    albums = [c.work_title() for _ in range(3)]
    label = c.label()
    chart = r.choice(W.CHARTS).format(adj=nat)
    y_a1 = r.randint(formed + 1, y0 - 2)
    y_a2 = r.randint(y_a1 + 1, y0)
    def members_text(ms):
        return ", ".join(ms[:-1]) + " and " + ms[-1]
    facts = [
        ("intro", say(r, "{name} [[is|are]] a {nat} {genre} band [[formed|founded]] in {city} in {y}.", name=name, nat=nat, genre=genre, city=city, y=formed)),
        ("members", say(r, "The band [[consists of|is made up of|comprises]] {ms}.", ms=members_text(mnames))),
        ("debut", say(r, "[[Their|The band's]] debut album, {a}, was released [[by|on]] {label} in {y}.", a=albums[0], label=label, y=y_a1)),
        ("second", say(r, "[[Their|The]] second album, {a}, [[reached|peaked at]] number {n} on the {chart}.", a=albums[1], n=r.randint(2, 60), chart=chart)),
    ]
    if r.random() < .5:
        facts.append(("tour", say(r, "The band has toured [[extensively|widely]] in {area}[[, supporting {other}|]].", area=r.choice(["Europe", "North America", "Scandinavia", "the United Kingdom", "Japan"]), other=c.work_title())))
    plan = Plan("band", name, facts)
    y3 = y0 + r.randint(1, 3)
    d = c.date(y3)
    peak = r.randint(1, 40)
    ev = [Ev(f"{name} discography" if r.random() < .5 else name, "Studio albums - Table",
             table=_tbl("List of studio albums", ["Title", "Details", "Peak chart positions"],
                        [[albums[2], f"Released: {d} Label: {label}", str(peak)]]))]
    if r.random() < .5:
        ev.append(Ev(albums[2], "INTRODUCTION", say(r, "{a} is the third studio album by {nat} {genre} band {name}, released on {d}[[ through {label}|]].",
                                                     a=albums[2], nat=nat, genre=genre, name=name, d=d, label=label)))
    plan.events.append(Event([("add", "second", say(r, "[[Their|The band's]] third album, {a}, was released [[on|in]] {d} and [[reached|peaked at]] number {n} on the {chart}.",
                                                    a=albums[2], d=d if r.random() < .5 else y3, n=peak, chart=chart))], ev, "album", ("second",), "new album"))
    # member change
    leaver = r.randrange(len(members))
    newm = c.person()
    y = y0 + r.randint(1, 3)
    ev = [Ev(mnames[leaver], c.section("Career", "Later career", "Departure"),
             say(r, "[[{m} left {name} in {y}|In {y}, {m} announced {his} departure from {name}]][[ to pursue a solo career| citing creative differences|]].",
                 m=mnames[leaver], name=name, y=y, his=members[leaver]["his"]))]
    ms2 = mnames[:leaver] + mnames[leaver + 1:] + [newm["name"]]
    ops = [("sub", "members", say(r, "The band [[consists of|is made up of]] {ms}.", ms=members_text(ms2))),
           ("add", "members", say(r, "{m} left the band in {y} and was replaced by {n}.", m=mnames[leaver], y=y, n=newm["name"]))]
    if r.random() < .4:
        ev.append(Ev(name, "Members", say(r, "{n} joined on {inst} in {y}.", n=newm["name"], inst=r.choice(["drums", "bass", "guitar", "keyboards", "vocals"]), y=y)))
    plan.events.append(Event(ops, ev, "members", ("members",), "line-up change"))
    # award
    award = c.award()
    y = y0 + r.randint(1, 2)
    ev = [Ev(award, f"Winners - Table", table=_tbl("", ["Year", "Winner", "Album"], [[str(y), name, albums[1]]]))]
    plan.events.append(Event([("add", "second", say(r, "[[The album|It]] won the {y} {award}.", y=y, award=award))], ev, "award", ("second",), "award"))
    # hiatus
    y = y0 + r.randint(1, 3)
    ev = [Ev(name, c.section("History", "Hiatus", "Breakup"),
             say(r, "[[In {m}, the band|On {m} the group]] announced [[an indefinite hiatus|that they would split up]][[ after a farewell tour|]].", m=c.date(y)))]
    plan.events.append(Event([("add", None, say(r, "In {y}, the band announced [[an indefinite hiatus|that it would split up]].", y=y))], ev, "status", (), "hiatus"))
    plan.distractors += [
        ("debut", Ev(label, "Artists", say(r, "The label released {name}'s debut album {a} in {y}.", name=name, a=albums[0], y=y_a1))),
        ("intro", Ev(city, c.section("Culture", "Music"), say(r, "The {genre} band {name} was formed in the city in {y}.", genre=genre, name=name, y=formed))),
        (None, Ev(c.work_title(), "Track listing", say(r, "All songs written by {m}[[ except where noted|]].", m=c.person()["name"]))),
        (None, Ev(f"{y3} in music", "Albums released", say(r, "{other} released {a}.", other=c.person()["name"], a=c.work_title()))),
    ]
    return plan


# ===========================================================================
# Writers and books
# ===========================================================================

def writer(c):
    r = c.rng
    p = c.person()
    country, nat = c.country()
    name, last, he, his = p["name"], p["last"], p["he"], p["his"]
    He, His = he.capitalize(), his.capitalize()
    born = r.randint(1940, 1990)
    y0 = r.randint(max(born + 30, 2005), 2020)
    kind = r.choice(["novelist", "poet", "writer", "short story writer", "playwright", "journalist and novelist"])
    books = [c.work_title() for _ in range(3)]
    award = c.award()
    city = c.place()
    yb = r.randint(born + 22, y0 - 3)
    facts = [
        ("intro", say(r, "{name} (born {born}[[ in {bp}|]]) is a {nat} {kind}.", name=name, born=born, bp=c.place(), nat=nat, kind=kind)),
        ("debut", say(r, "{His} debut [[novel|book]], {b}, was published in {y}[[ by {pub}|]].", His=His, b=books[0], y=yb, pub=c.label().replace("Records", "Press").replace("Music", "Books"))),
        ("shortlist", say(r, "{b} [[was shortlisted for|was nominated for]] the {award}[[ in {y}|]].", b=books[1], award=award, y=r.randint(yb + 1, y0))),
        ("lives", say(r, "{He} lives in {city}[[ with {his} family| and teaches creative writing at the University of {u}|]].", He=He, city=city, his=his, u=c.place())),
    ]
    if r.random() < .5:
        facts.insert(2, ("translated", say(r, "{His} work has been translated into {n} languages.", His=His, n=r.randint(4, 30))))
    plan = Plan("writer", name, facts)
    y = y0 + r.randint(1, 3)
    ev = [Ev(award, "Winners - Table", table=_tbl("", ["Year", "Author", "Title", "Result"], [[str(y), name, books[1], "Won"]]))]
    if r.random() < .5:
        ev[0].table["rows"].append([str(y), c.person()["name"], c.work_title(), "Shortlisted"])
    plan.events.append(Event([("sub", "shortlist", say(r, "{b} won the {award} in {y}.", b=books[1], award=award, y=y))], ev, "award", ("shortlist",), "award won"))
    # new book
    y = y0 + r.randint(1, 3)
    pub = c.label().replace("Records", "Books").replace("Music", "Press")
    ev = [Ev(name, "Bibliography", say(r, "{b} ({pub}, {y})", b=books[2], pub=pub, y=y)) if r.random() < .5 else
          Ev(books[2], "INTRODUCTION", say(r, "{b} is a {y} [[novel|book|collection of stories]] by {nat} {kind} {name}.", b=books[2], y=y, nat=nat, kind=kind, name=name))]
    plan.events.append(Event([("add", None, say(r, "{His} [[latest|most recent]] [[novel|book]], {b}, was published in {y}.", His=His, b=books[2], y=y))], ev, "book", (), "new book"))
    # moved
    city2 = c.place()
    y = y0 + r.randint(1, 3)
    ev = [Ev(city2, c.section("Notable people", "Culture"), say(r, "The {kind} {name} has lived in {c2} since {y}.", kind=kind, name=name, c2=city2, y=y))]
    plan.events.append(Event([("sub", "lives", say(r, "Since {y}, {he} has lived in {c2}.", y=y, he=he, c2=city2))], ev, "lives", ("lives",), "moved"))
    # death
    yd = y0 + r.randint(1, 3)
    dd = c.date(yd)
    ev = [Ev(f"{yd} in literature" if r.random() < .5 else f"Deaths in {dd.split()[-2] if c.dmy else dd.split()[0]} {yd}",
             "Deaths", say(r, "{dd} – {name}, {nat} {kind} (born {born})", dd=dd, name=name, nat=nat, kind=kind, born=born))]
    plan.events.append(Event([("sub", "intro", say(r, "{name} ({born} – {yd}) was a {nat} {kind}.", name=name, born=born, yd=yd, nat=nat, kind=kind)),
                              ("sub", "lives", say(r, "{He} lived in {city} until {his} death on {dd}.", He=He, city=city, his=his, dd=dd))],
                             ev, "lives", ("lives",), "death"))
    plan.distractors += [
        ("shortlist", Ev(award, "Shortlists", say(r, "The shortlist included {b} by {name}.", b=books[1], name=name))),
        ("debut", Ev(f"{yb} in literature", "New books", say(r, "{name} – {b}", name=name, b=books[0]))),
        (None, Ev(award, "History", say(r, "The prize was established in {y} and is worth {m}.", y=r.randint(1950, 2000), m=W.money(r, 0.01, 0.1, c.cur).replace(" million", "0,000")))),
        (None, Ev(city, "Culture", say(r, "The city hosts an annual book fair every {m}.", m=r.choice(W.MONTHS)))),
    ]
    return plan


# ===========================================================================
# Films
# ===========================================================================

def film(c):
    r = c.rng
    country, nat = c.country()
    title = c.work_title()
    y = r.randint(1995, 2020)
    genre = r.choice(W.GENRES_FILM)
    director = c.person()
    cast = [c.person() for _ in range(3)]
    fest = f"{c.place()} International Film Festival"
    gross = W.money(r, 2, 90, c.cur)
    facts = [
        ("intro", say(r, "{t} is a {y} {nat} {genre} film [[directed by|written and directed by]] {d}.", t=title, y=y, nat=nat, genre=genre, d=director["name"])),
        ("cast", say(r, "[[It stars|The film stars]] {a}, {b} and {c}.", a=cast[0]["name"], b=cast[1]["name"], c=cast[2]["name"])),
        ("premiere", say(r, "The film premiered at the {f} in {m}[[ and was released in cinemas later that year|]].", f=fest, m=c.date(y, with_day=False))),
        ("gross", say(r, "[[It|The film]] has grossed {g} [[worldwide|at the box office]].", g=gross)),
    ]
    if r.random() < .5:
        facts.insert(2, ("plot", say(r, "The film [[follows|tells the story of]] a {who} who [[returns to|travels to|is stranded in]] {place} [[after|following]] {what}.",
                                     who=r.choice(["retired detective", "young widow", "failed musician", "teenage runaway", "ship's doctor", "village teacher"]),
                                     place=c.place(), what=r.choice(["the death of her father", "a long prison sentence", "a shipwreck", "a family scandal", "the war"]))))
    plan = Plan("film", title, facts)
    g2 = W.money(r, 91, 300, c.cur)
    ev = [Ev(f"{y} in film", "Highest-grossing films - Table", table=_tbl("", ["Rank", "Title", "Distributor", "Gross"],
                                                                         [[str(r.randint(5, 40)), title, c.company(), g2]]))]
    plan.events.append(Event([("sub", "gross", say(r, "The film grossed {g} worldwide[[, making it one of the highest-grossing {nat} films of {y}|]].", g=g2, nat=nat, y=y))],
                             ev, "gross", ("gross",), "box office"))
    # award
    award = c.award() if r.random() < .5 else f"{r.choice(['Best Film', 'Best Director', 'Best Actress', 'Best Screenplay'])} award"
    cat = r.choice(["Best Film", "Best Director", "Best Actress", "Best Actor", "Best Screenplay", "Best Cinematography"])
    rec = {"Best Director": director["name"], "Best Actress": cast[0]["name"] if cast[0]["g"] == "f" else cast[1]["name"],
           "Best Actor": cast[0]["name"]}.get(cat, title)
    res = r.choice(["Won", "Nominated"])
    org = f"{c.place()} Film Awards"
    ev = [Ev(title, "Accolades - Table", table=_tbl("", ["Award", "Category", "Recipient", "Result"], [[org, cat, rec, res]]))]
    if res == "Won":
        text = say(r, "At the {org}, [[the film|it]] won {cat}[[ for {rec}|]].", org=org, cat=cat, rec=rec) if rec != title else say(r, "The film won {cat} at the {org}.", cat=cat, org=org)
    else:
        text = say(r, "[[The film|It]] was nominated for {cat} at the {org}.", cat=cat, org=org)
    plan.events.append(Event([("add", None, text)], ev, "award", (), "award"))
    # sequel
    ys = y + r.randint(1, 4)
    ev = [Ev(director["name"], c.section("Career", "Upcoming projects", "Filmography"),
             say(r, "In {m}, {d} [[confirmed|announced]] that {he} was [[writing|developing]] a sequel to {t}[[, with {a} returning|]].",
                 m=c.date(ys, with_day=False), d=director["last"], he=director["he"], t=title, a=cast[0]["name"]))]
    plan.events.append(Event([("add", None, say(r, "A sequel was announced in {y}[[, with {a} set to return|]].", y=ys, a=cast[0]["name"]))], ev, "sequel", (), "sequel"))
    plan.distractors += [
        ("cast", Ev(cast[1]["name"], "Filmography - Table", table=_tbl("", ["Year", "Title", "Role"], [[str(y), title, r.choice(["Anna", "Doctor", "Young Tom", "Inspector", "Marta", "The Captain"])]]))),
        ("premiere", Ev(fest, "Selections", say(r, "The {y} festival opened with {t}.", y=y, t=title))),
        (None, Ev(director["name"], "Filmography - Table", table=_tbl("", ["Year", "Title", "Notes"], [[str(y - r.randint(2, 8)), c.work_title(), "Short film"]]))),
        (None, Ev(fest, "History", say(r, "The festival was founded in {y} and takes place every {m}.", y=r.randint(1950, 1995), m=r.choice(W.MONTHS)))),
    ]
    return plan


# ===========================================================================
# Places
# ===========================================================================

def town(c):
    r = c.rng
    country, nat = c.country()
    name = c.place()
    kind = r.choice(["town", "village", "commune", "municipality", "market town", "city"])
    region = c.region()
    river = c.river()
    city = c.place()
    ycen = r.randint(2000, 2016)
    pop = r.randint(200, 60000)
    mayor = c.person()
    mparty = r.choice(W.PARTIES)
    facts = [
        ("intro", say(r, "{n} is a {k} in [[the |]]{reg}[[ in {dir} {cty}|, {cty}]].", n=name, k=kind, reg=region, dir=r.choice(W.DIRECTIONS), cty=country)),
        ("geo", say(r, "It [[lies|is situated]] on the {riv}, [[about |]]{km} km {dir} of {city}.", riv=river, km=r.randint(5, 90), dir=r.choice(W.DIRECTIONS), city=city)),
        ("pop", say(r, "[[Its population was|It had a population of|The population was]] {p} [[at the {y} census|in {y}]].", p=W.thousands(pop), y=ycen)),
        ("mayor", say(r, "The [[current |]]mayor is {m} of the {party}[[, elected in {y}|]].", m=mayor["name"], party=mparty, y=r.randint(ycen - 6, ycen + 2))),
    ]
    if r.random() < .6:
        facts.append(("station", say(r, "{n} is served by a railway station on the {a}–{b} line.", n=name, a=city, b=c.place())))
    if r.random() < .5:
        facts.insert(2, ("history", say(r, "The {k} was first mentioned in {y} as {old}.", k=kind, y=r.randint(1050, 1500), old=name[:-1] + r.choice(["e", "a", "um", "on"]))))
    plan = Plan("town", name, facts)
    y2 = ycen + r.randint(2, 8)
    pop2 = max(50, int(pop * r.uniform(.8, 1.25)))
    rows = [[str(ycen), W.thousands(pop)], [str(y2), W.thousands(pop2)]]
    if r.random() < .5:
        rows.insert(0, [str(ycen - r.randint(8, 12)), W.thousands(int(pop * r.uniform(.85, 1.1)))])
    ev = [Ev(name, "Population - Table" if r.random() < .5 else "Demographics - Table", table=_tbl("", ["Year", "Population"], rows))]
    sub = r.random() < .6
    ops = [("sub", "pop", say(r, "[[Its population was|The population was]] {p} [[at the {y} census|in {y}]].", p=W.thousands(pop2), y=y2))] if sub else \
          [("add", "pop", say(r, "By {y} the population had [[risen|grown]] to {p}.", y=y2, p=W.thousands(pop2)) if pop2 > pop else
            say(r, "By {y} the population had [[fallen|declined]] to {p}.", y=y2, p=W.thousands(pop2)))]
    plan.events.append(Event(ops, ev, "pop", ("pop",), "population"))
    # new mayor
    m2 = c.person()
    p2 = r.choice(W.PARTIES)
    y = ycen + r.randint(1, 6)
    ev = [Ev(f"{y} {nat} local elections", f"{region} - Table", table=_tbl("", ["Municipality", "Mayor", "Party"], [[name, m2["name"], p2]]))]
    if r.random() < .5:
        ev = [Ev(m2["name"], c.section("Political career", "INTRODUCTION"), say(r, "{m} [[was elected|became]] mayor of {n} in {y}[[, defeating the incumbent {old}|]].", m=m2["name"], n=name, y=y, old=mayor["name"]))]
    plan.events.append(Event([("sub", "mayor", say(r, "{m} of the {p} has been mayor since {y}[[, succeeding {old}|]].", m=m2["name"], p=p2, y=y, old=mayor["name"]))],
                             ev, "mayor", ("mayor",), "new mayor"))
    # station closed
    y = ycen + r.randint(1, 6)
    ev = [Ev(f"{city}–{c.place()} railway line" if r.random() < .5 else f"{name} railway station", c.section("History", "Closure"),
             say(r, "Passenger services [[to|at]] {n} [[ended|were withdrawn]] on {d}[[ and the station was closed|]].", n=name, d=c.date(y)))]
    plan.events.append(Event([("del", "station"), ("add", None, say(r, "Its railway station closed to passengers in {y}.", y=y))], ev, "station", ("station",), "station closed"))
    # merger
    y = ycen + r.randint(2, 8)
    other, new = c.place(), c.place()
    ev = [Ev(new, "INTRODUCTION", say(r, "{new} is a {k} [[established|created]] on 1 January {y} by the merger of {a} and {b}.", new=new, k=kind, y=y, a=name, b=other))]
    plan.events.append(Event([("sub", "intro", say(r, "{n} is a former {k} in [[the |]]{reg}, {cty}.", n=name, k=kind, reg=region, cty=country)),
                              ("add", "intro", say(r, "On 1 January {y}, it merged with {b} to form the new {k} of {new}.", y=y, b=other, k=kind, new=new))],
                             ev, "status", (), "merger"))
    plan.distractors += [
        ("geo", Ev(river, c.section("Course", "Settlements"), say(r, "The river flows past {n} and {o}.", n=name, o=c.place()))),
        ("pop", Ev(region, "Municipalities - Table", table=_tbl("", ["Name", "Population", "Census"], [[name, W.thousands(pop), str(ycen)]]))),
        (None, Ev(city, c.section("Transport", "Economy"), say(r, "The city's largest employer is {co}.", co=c.company()))),
        (None, Ev(region, "Geography", say(r, "The {reg} covers an area of {a} square kilometres.", reg=region, a=W.thousands(r.randint(300, 9000))))),
    ]
    return plan


# ===========================================================================
# Companies
# ===========================================================================

def company(c):
    r = c.rng
    country, nat = c.country()
    name = c.company()
    ind = r.choice(W.INDUSTRIES)
    city = c.place()
    founded = r.randint(1880, 2010)
    y0 = r.randint(2008, 2019)
    ceo = c.person()
    emp = r.randint(50, 40000)
    rev = W.money(r, 5, 2000, c.cur)
    facts = [
        ("intro", say(r, "{n} is a {nat} {ind} company [[headquartered|based]] in {city}.", n=name, nat=nat, ind=ind, city=city)),
        ("founded", say(r, "[[It|The company]] was founded in {y} by {f}[[ as a small workshop| as a family business|]].", y=founded, f=c.person()["name"])),
        ("ceo", say(r, "[[Its|The company's]] [[chief executive|CEO]] [[is {ceo}|has been {ceo} since {y}]].", ceo=ceo["name"], y=r.randint(y0 - 8, y0))),
        ("employees", say(r, "[[The company employs|It has]] about {e} [[people|employees]].", e=W.thousands(emp))),
        ("revenue", say(r, "In {y}, [[it|the company]] reported [[revenue|annual revenue]] of {m}.", y=y0, m=rev)),
    ]
    plan = Plan("company", name, facts)
    # new CEO
    ceo2 = c.person()
    y = y0 + r.randint(1, 3)
    ev = [Ev(ceo2["name"], c.section("Career", "INTRODUCTION"), say(r, "{c2} [[was appointed|became]] chief executive of {n} in {m}[[, replacing {c1}|]].", c2=ceo2["name"], n=name, m=c.date(y, with_day=False), c1=ceo["name"]))]
    plan.events.append(Event([("sub", "ceo", say(r, "{c2} [[succeeded|replaced]] {c1} as chief executive in {y}.", c2=ceo2["name"], c1=ceo["name"], y=y))], ev, "ceo", ("ceo",), "new CEO"))
    # revenue table
    y = y0 + r.randint(1, 3)
    rev2 = W.money(r, 5, 2000, c.cur)
    emp2 = max(10, int(emp * r.uniform(.7, 1.4)))
    ev = [Ev(name, "Finances - Table", table=_tbl("", ["Year", "Revenue", "Employees"], [[str(y0), rev, W.thousands(emp)], [str(y), rev2, W.thousands(emp2)]]))]
    ops = [("sub", "revenue", say(r, "In {y}, [[it|the company]] reported revenue of {m}.", y=y, m=rev2))]
    if r.random() < .5:
        ops.append(("sub", "employees", say(r, "As of {y}, it [[employs|had]] {e} people.", y=y, e=W.thousands(emp2))))
    plan.events.append(Event(ops, ev, "revenue", ("revenue",), "annual results"))
    # acquisition
    buyer = c.company()
    y = y0 + r.randint(1, 3)
    price = W.money(r, 10, 5000, c.cur)
    ev = [Ev(buyer, c.section("History", "Acquisitions"), say(r, "In {m}, {b} [[acquired|bought]] {n} for {p}[[, its largest acquisition to date|]].", m=c.date(y, with_day=False), b=buyer, n=name, p=price))]
    if r.random() < .4:
        ev.append(Ev(f"List of largest {ind} acquisitions", "Acquisitions - Table", table=_tbl("", ["Year", "Acquirer", "Target", "Value"], [[str(y), buyer, name, price]])))
    plan.events.append(Event([("sub", "intro", say(r, "{n} is a {nat} {ind} company based in {city} and a subsidiary of {b}.", n=name, nat=nat, ind=ind, city=city, b=buyer)),
                              ("add", None, say(r, "In {y}, {n} was acquired by {b} for {p}.", y=y, n=name, b=buyer, p=price))], ev, "owner", (), "acquisition"))
    # HQ move
    city2 = c.place()
    y = y0 + r.randint(1, 3)
    ev = [Ev(city2, c.section("Economy", "Business"), say(r, "{n} moved its headquarters to the city in {y}[[, bringing some {k} jobs|]].", n=name, y=y, k=r.randint(100, 900)))]
    plan.events.append(Event([("sub", "intro", say(r, "{n} is a {nat} {ind} company headquartered in {c2}.", n=name, nat=nat, ind=ind, c2=city2)),
                              ("add", None, say(r, "The company moved its headquarters from {c1} to {c2} in {y}.", c1=city, c2=city2, y=y))], ev, "owner", (), "relocation"))
    plan.distractors += [
        ("intro", Ev(city, "Economy", say(r, "The {ind} company {n} has its headquarters in the city.", ind=ind, n=name))),
        ("ceo", Ev(ceo["name"], "INTRODUCTION", say(r, "{c} is a {nat} business executive and the chief executive of {n}.", c=ceo["name"], nat=nat, n=name))),
        (None, Ev(c.company(), "History", say(r, "The company was founded in {y} in {city}.", y=r.randint(1900, 2000), city=city))),
        (None, Ev(f"{ind.capitalize()} industry in {country.replace('the ', '')}", "Major companies - Table",
                  table=_tbl("", ["Company", "Headquarters", "Employees"], [[c.company(), c.place(), W.thousands(r.randint(100, 9000))]]))),
    ]
    return plan


# ===========================================================================
# Sports clubs
# ===========================================================================

def club(c):
    r = c.rng
    country, nat = c.country()
    city = c.place()
    name = r.choice(W.CLUB_PATTERNS).format(c=city)
    league = c.league(nat)
    tier = r.randint(1, 4)
    stadium = f"{r.choice([c.place(), r.choice(c.surnames)])} {r.choice(['Stadium', 'Park', 'Arena', 'Ground'])}"
    capy = r.randint(2000, 45000)
    manager = c.person("m")
    founded = r.randint(1880, 1990)
    y0 = r.randint(2008, 2019)
    cup = f"{nat} Cup"
    facts = [
        ("intro", say(r, "{n} is a [[professional|semi-professional|]] football club based in {city}, {cty}.", n=name, city=city, cty=country)),
        ("founded", say(r, "The club was founded in {y}[[ as {old}|]].", y=founded, old=f"{city} {r.choice(['Sports Club', 'Workers FC', 'Railway FC'])}")),
        ("league", say(r, "It [[plays|currently plays]] in the {lg}, the {ord} tier of {nat} football.", lg=league, ord=W.ORDINALS[tier - 1], nat=nat)),
        ("stadium", say(r, "[[The club plays its home matches|Home matches are played]] at {s}, which has a capacity of {k}.", s=stadium, k=W.thousands(capy))),
        ("manager", say(r, "The [[current |]]manager is {m}[[, appointed in {y}|]].", m=manager["name"], y=r.randint(y0 - 4, y0))),
    ]
    if r.random() < .5:
        facts.append(("honours", say(r, "[[The club|{n}]] won the {cup} in {y}.", n=name, cup=cup, y=r.randint(founded + 10, y0))))
    plan = Plan("club", name, facts)
    yy = y0 + r.randint(1, 3)
    season = f"{yy}–{str(yy + 1)[2:]}"
    up = r.random() < .5
    lg2 = c.league(nat)
    pos = 1 if up else r.randint(15, 20)
    rows = [[str(pos), name, str(r.randint(30, 38)), str(r.randint(60, 90) if up else r.randint(15, 35))]]
    ev = [Ev(f"{season} {league}", "League table - Table", table=_tbl("", ["Pos", "Team", "Pld", "Pts"], rows))]
    if r.random() < .5:
        ev.append(Ev(f"{season} {league}", "Summary", say(r, "{n} [[were promoted|won promotion]] to the {lg2} as champions.", n=name, lg2=lg2) if up else
                     say(r, "{n} were relegated to the {lg2} after finishing in {p} place.", n=name, lg2=lg2, p=W.ordinal_suffix(pos))))
    t2 = max(1, tier - 1) if up else tier + 1
    text = say(r, "[[After|Following]] [[promotion|winning promotion]] in the {s} season, it [[plays|now plays]] in the {lg2}, the {o} tier of {nat} football.", s=season, lg2=lg2, o=W.ORDINALS[t2 - 1], nat=nat) if up else \
        say(r, "[[Following|After]] relegation in the {s} season, it [[plays|now plays]] in the {lg2}, the {o} tier of {nat} football.", s=season, lg2=lg2, o=W.ORDINALS[t2 - 1], nat=nat)
    plan.events.append(Event([("sub", "league", text)], ev, "league", ("league",), "promotion/relegation"))
    # manager change
    m2 = c.person("m")
    y = y0 + r.randint(1, 3)
    ev = [Ev(m2["name"], c.section("Managerial career", "Coaching career"), say(r, "On {d}, {m} was [[appointed|named]] manager of {n}[[ on a two-year contract|]].", d=c.date(y), m=m2["last"], n=name))]
    ops = [("sub", "manager", say(r, "{m} [[has been|became]] manager [[since|in]] {y}[[, replacing {old}|]].", m=m2["name"], y=y, old=manager["name"]))]
    plan.events.append(Event(ops, ev, "manager", ("manager",), "new manager"))
    # cup win
    y = y0 + r.randint(1, 3)
    opp = r.choice(W.CLUB_PATTERNS).format(c=c.place())
    ev = [Ev(cup, "Finals - Table", table=_tbl("", ["Season", "Winner", "Score", "Runner-up"], [[f"{y}–{str(y + 1)[2:]}", name, f"{r.randint(1, 4)}–{r.randint(0, 1)}", opp]]))]
    plan.events.append(Event([("add", None, say(r, "[[In {s}, the club|The club]] won the {cup}[[, beating {opp} in the final| in {s}]].", s=f"{y}–{str(y + 1)[2:]}", cup=cup, opp=opp))], ev, "cup", (), "cup win"))
    # new stadium
    st2 = f"{r.choice([c.place(), r.choice(c.surnames)])} {r.choice(['Stadium', 'Arena', 'Park'])}"
    y = y0 + r.randint(1, 4)
    k2 = r.randint(5000, 50000)
    ev = [Ev(st2, "INTRODUCTION", say(r, "{s} is a football stadium in {city}[[ that opened in {y}|, opened in {y}]] and is the home ground of {n}.", s=st2, city=city, y=y, n=name)),
          Ev(st2, "Facts - Table", table=_tbl("", ["Opened", "Capacity", "Tenants"], [[str(y), W.thousands(k2), name]]))]
    plan.events.append(Event([("sub", "stadium", say(r, "Since {y}, the club has played its home matches at {s}, which holds {k} spectators.", y=y, s=st2, k=W.thousands(k2)))],
                             ev[:2] if r.random() < .5 else ev[:1], "stadium", ("stadium",), "new stadium"))
    plan.distractors += [
        ("stadium", Ev(stadium, "INTRODUCTION", say(r, "{s} is a stadium in {city}, used mostly for football matches by {n}.", s=stadium, city=city, n=name))),
        ("league", Ev(f"{y0}–{str(y0 + 1)[2:]} {league}", "Teams", say(r, "{n} [[competed|took part]] in the league that season.", n=name))),
        (None, Ev(r.choice(W.CLUB_PATTERNS).format(c=c.place()), "History", say(r, "The club was promoted to the {lg} in {y}.", lg=league, y=y0 + 1))),
        (None, Ev(city, "Sport", say(r, "{city} also has an ice hockey team, {h}.", city=city, h=c.club(True)))),
    ]
    return plan


# ===========================================================================
# Buildings and infrastructure
# ===========================================================================

def building(c):
    r = c.rng
    country, nat = c.country()
    kind, noun, carries = r.choice(W.INFRA_KINDS)
    city = c.place()
    river = c.river()
    name = f"{r.choice([c.place(), city, r.choice(c.surnames), r.choice(c.adjs)])} {noun}"
    if noun == "Museum of Art":
        name = f"{city} Museum of Art"
    start = r.randint(2008, 2019)
    dur = r.randint(2, 5)
    firm = c.firm()
    is_bridge = noun in ("Bridge", "Viaduct")
    where = f"over the {river} in {city}" if is_bridge else f"in {city}, {country}"
    facts = [
        ("intro", say(r, "The {n} is a {k} [[under construction |being built |]]{w}.", n=name, k=kind, w=where)),
        ("construction", say(r, "Construction began in {y} and was [[expected|planned]] to take {d} years.", y=start, d=W.number_word(dur))),
        ("design", say(r, "It was designed by {f}[[ at a projected cost of {m}|]].", f=firm, m=W.money(r, 20, 900, c.cur))),
    ]
    if carries:
        facts.append(("carries", say(r, "The {w} is designed to carry {c}.", w=noun.lower(), c=carries)))
    elif noun in ("Stadium", "Concert Hall"):
        facts.append(("capacity", say(r, "It will have [[a capacity of|seating for]] {k} [[spectators|people]].", k=W.thousands(r.randint(900, 60000)))))
    facts.append(("expected", say(r, "[[It is scheduled to open in|It is expected to open in|The opening is scheduled for|Completion is expected in]] {y}.", y=start + dur)))
    plan = Plan("building", name, facts)
    yo = start + dur + r.randint(0, 2)
    d = c.date(yo)
    off = c.person()
    ev = [Ev(name, c.section("Opening", "History", "Construction"), say(r, "The {w} was [[officially |]]opened{how} on {d}[[ by {o}|]][[, {late}|]].",
                                                                     w=noun.lower(), d=d, how=r.choice([" to traffic", ""]) if is_bridge else r.choice([" to the public", ""]), o=f"{r.choice(['Mayor', 'Transport Minister', 'President', 'Prime Minister'])} {off['name']}",
                                                                     late=r.choice(["a year later than planned", "two years behind schedule", "on schedule"])))]
    if r.random() < .35:
        ev.append(Ev(f"List of {noun.lower()}s in {country.replace('the ', '')}" if r.random() < .5 else city, f"{noun}s - Table",
                     table=_tbl("", ["Name", "Type", "Opened"], [[name, kind.capitalize(), str(yo)], [f"{c.place()} {noun}", kind.capitalize(), str(r.randint(1900, 2005))]])))
    ops = [("sub", "intro", say(r, "The {n} is a {k} {w}.", n=name, k=kind, w=where)),
           ("del", "expected"),
           ("add", "construction", say(r, "[[It|The {w}]] opened on {d}[[, {late}|]].", w=noun.lower(), d=d, late="later than planned" if yo > start + dur else "on schedule"))]
    if r.random() < .5:
        ops = ops[1:]
    plan.events.append(Event(ops, ev, "opening", ("expected",), "opening"))
    # cost overrun
    cost = W.money(r, 100, 2000, c.cur)
    ev = [Ev(name, c.section("Construction", "Cost", "Controversy"), say(r, "[[By completion|In the end]], the final cost [[had risen to|was]] {m}[[, more than double the original estimate|]].", m=cost))]
    plan.events.append(Event([("add", "design", say(r, "The final cost [[rose to|was]] {m}.", m=cost))], ev, "cost", (), "cost"))
    # delay
    y = start + dur + r.randint(1, 3)
    ev = [Ev(city, c.section("Transport", "Infrastructure", "Development"), say(r, "[[Work on|Completion of]] the {n} was [[delayed|postponed]] until {y}[[ because of {why}|]].", n=name, y=y,
                                                                              why=r.choice(["problems with the foundations", "a dispute with the contractor", "rising material costs", "flooding"])))]
    plan.events.append(Event([("sub", "expected", say(r, "After [[delays|several delays]], the opening was postponed to {y}.", y=y))], ev, "opening", ("expected",), "delay"))
    # renaming
    hon = c.person()
    y = start + r.randint(1, dur + 2)
    newname = f"{hon['name']} {noun}"
    ev = [Ev(hon["name"], c.section("Legacy", "Honours"), say(r, "In {y}, the {n} in {city} was renamed [[in {his} honour|after {him}]].", y=y, n=name, city=city, his=hon["his"], him=hon["him"]))]
    plan.events.append(Event([("add", "intro", say(r, "In {y}, it was renamed the {nn} in honour of {h}.", y=y, nn=newname, h=hon["name"]))], ev, "name", (), "renaming"))
    plan.distractors += [
        ("design", Ev(firm, "Projects", say(r, "The firm's projects include the {n} in {city}.", n=name, city=city))),
        ("intro", Ev(city, c.section("Transport", "Landmarks"), say(r, "The {n} is being built in the city.", n=name))),
        (None, Ev(river if is_bridge else city, "History", say(r, "[[A ferry|The old ferry]] service operated [[there|across the river]] until {y}.", y=r.randint(1950, 2000)))),
        (None, Ev(f"{c.place()} {noun}", "INTRODUCTION", say(r, "The {n} is a {k} completed in {y}.", n=f"{c.place()} {noun}", k=kind, y=r.randint(1950, 2005)))),
    ]
    return plan


# ===========================================================================
# Festivals and recurring events
# ===========================================================================

def festival(c):
    r = c.rng
    country, nat = c.country()
    city = c.place()
    kind = r.choice(W.FESTIVAL_KINDS)
    name = r.choice([f"{city} {kind.title()} Festival", f"{city} International {kind.title()} Festival", f"{r.choice(c.adjs)} {r.choice(c.nouns)} Festival"])
    month = r.choice(W.MONTHS)
    first = r.randint(1960, 2008)
    y0 = r.randint(2010, 2019)
    visitors = r.randint(3000, 200000)
    director = c.person()
    facts = [
        ("intro", say(r, "The {n} is an annual {k} festival held in {city}, {cty}[[, each {m}| every {m}|]].", n=name, k=kind, city=city, cty=country, m=month)),
        ("first", say(r, "It was first held in {y}[[ and is organised by the {org}|]].", y=first, org=f"{city} Arts Council")),
        ("visitors", say(r, "The {y} edition [[attracted|drew]] about {v} visitors.", y=y0, v=W.thousands(visitors))),
        ("director", say(r, "[[Its|The festival's]] artistic director is {d}.", d=director["name"])),
    ]
    plan = Plan("festival", name, facts)
    y = y0 + r.randint(1, 3)
    v2 = int(visitors * r.uniform(.7, 1.5))
    ev = [Ev(name, "Editions - Table", table=_tbl("", ["Year", "Dates", "Visitors"], [[str(y), f"{r.randint(1, 20)}–{r.randint(21, 28)} {month}", W.thousands(v2)]]))]
    plan.events.append(Event([("sub", "visitors", say(r, "The {y} edition [[attracted|drew]] about {v} visitors.", y=y, v=W.thousands(v2)))], ev, "visitors", ("visitors",), "attendance"))
    # cancelled edition
    y = y0 + r.randint(1, 3)
    why = r.choice(["because of the COVID-19 pandemic", "after severe flooding", "because of a funding shortfall", "for security reasons"])
    ev = [Ev(f"{y} in {country.replace('the ', '')}" if r.random() < .5 else city, c.section("Events", "Culture"), say(r, "The {n} was cancelled {why}.", n=name, why=why))]
    plan.events.append(Event([("add", None, say(r, "The {y} festival was cancelled {why}.", y=y, why=why))], ev, "cancel", (), "cancellation"))
    # new director
    d2 = c.person()
    y = y0 + r.randint(1, 3)
    ev = [Ev(d2["name"], c.section("Career", "INTRODUCTION"), say(r, "In {y}, {d} [[was appointed|became]] artistic director of the {n}[[, succeeding {old}|]].", y=y, d=d2["name"], n=name, old=director["name"]))]
    plan.events.append(Event([("sub", "director", say(r, "{d} [[has been|became]] artistic director [[since|in]] {y}.", d=d2["name"], y=y))], ev, "director", ("director",), "new director"))
    # prize winner
    y = y0 + r.randint(1, 2)
    work = c.work_title()
    winner = c.person()
    prize = r.choice(["Grand Prize", "Audience Award", "Golden Lantern", "Jury Prize"])
    ev = [Ev(name, f"{prize} winners - Table", table=_tbl("", ["Year", "Title", "Winner"], [[str(y), work, winner["name"]]]))]
    plan.events.append(Event([("add", None, say(r, "The {y} {prize} went to {w}[[ for {t}|]].", y=y, prize=prize, w=winner["name"], t=work))], ev, "prize", (), "prize"))
    plan.distractors += [
        ("director", Ev(director["name"], "INTRODUCTION", say(r, "{d} is a {nat} curator and the artistic director of the {n}.", d=director["name"], nat=nat, n=name))),
        ("intro", Ev(city, "Culture", say(r, "Every {m} the city hosts the {n}.", m=month, n=name))),
        (None, Ev(f"{c.place()} {kind.title()} Festival", "History", say(r, "The festival moved to a new venue in {y}.", y=y0 + 1))),
        (None, Ev(city, "Economy", say(r, "Tourism is an important part of the local economy[[, with about {n} hotel beds|]].", n=W.thousands(r.randint(500, 9000))))),
    ]
    return plan


BUILDERS = {
    "athlete": athlete, "politician": politician, "band": band, "writer": writer, "film": film,
    "town": town, "company": company, "club": club, "building": building, "festival": festival,
}
WEIGHTS = {"athlete": 3, "politician": 2, "band": 2, "writer": 2, "film": 2, "town": 3, "company": 2,
           "club": 2, "building": 2, "festival": 1}
