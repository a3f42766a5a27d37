"""Name pools and small helpers for the FRUIT-style example generator (data.py).

Everything here is deterministic given a random.Random. Names are split into two disjoint
partitions by a stable hash (zlib.crc32): "train" (used for train and validation) and
"test" (held out), so that test articles are about people, places and things whose names
never occur in training.
"""

import re
import zlib

# ---------------------------------------------------------------------------
# Partitions
# ---------------------------------------------------------------------------

TEST_BUCKETS = (0, 1)  # crc32 % 10 in these -> held-out ("test") partition


def partition_of(name):
    return "test" if zlib.crc32(name.encode("utf-8")) % 10 in TEST_BUCKETS else "train"


def split_pool(pool):
    out = {"train": [], "test": []}
    for x in pool:
        out[partition_of(x)].append(x)
    return out


# ---------------------------------------------------------------------------
# Pools
# ---------------------------------------------------------------------------

MALE_FIRST = """James John Robert Michael William David Richard Joseph Thomas Charles Daniel Matthew
Anthony Mark Paul Steven Andrew Kenneth Joshua Kevin Brian George Edward Ronald Timothy Jason Jeffrey
Ryan Jacob Gary Nicholas Eric Jonathan Stephen Larry Justin Scott Brandon Benjamin Samuel Frank Gregory
Raymond Alexander Patrick Jack Dennis Jerry Tyler Aaron Henry Adam Peter Nathan Walter Harold Kyle Carl
Arthur Gerald Roger Keith Lawrence Terry Sean Christian Albert Joe Ethan Austin Jesse Willie Billy Bryan
Bruce Jordan Ralph Roy Noah Dylan Eugene Wayne Alan Juan Louis Russell Gabriel Randy Philip Harry Vincent
Bobby Johnny Logan Mirek Tomas Jakub Lukas Jan Pavel Ondrej Marek Piotr Krzysztof Andrzej Tomasz
Michal Pawel Dmitri Sergei Alexei Ivan Nikolai Andrei Mikhail Oleg Viktor Yuri Hans Klaus Jurgen Dieter
Wolfgang Stefan Matthias Florian Tobias Felix Maximilian Lars Erik Anders Nils Henrik Magnus Olav Sven
Bjorn Jens Mikkel Rasmus Pierre Jean Luc Philippe Nicolas Julien Antoine Mathieu Olivier Laurent Thierry
Marco Giuseppe Giovanni Luca Matteo Alessandro Francesco Lorenzo Andrea Paolo Carlos Jose Luis Miguel
Javier Alejandro Diego Pablo Sergio Raul Joao Pedro Rui Tiago Bruno Ricardo Sander Bram Joost Pieter
Maarten Daan Niels Aoife Ciaran Declan Eoin Padraig Rory Hamish Angus Callum Ewan Finlay Gareth Rhys
Dafydd Owain Kenji Hiroshi Takeshi Yusuf Emre Mehmet Kemal Ahmed Omar Karim Tariq Ravi Arjun Vikram
Sanjay Rahul Kwame Kofi Tunde Chidi Themba Sipho Mateus Gustavo Rafael Eduardo Andres Mateo Santiago
Aleksander Janusz Zoltan Laszlo Gabor Istvan Dragan Milan Goran Nikola Stelios Giorgos Nikos Dimitris
Kostas Arvid Einar Gunnar Leif Torsten Ilkka Jari Mikko Pekka Timo Toomas Andrus Martins Janis Darius
Tadas Vytautas Bogdan Radu Mihai Florin Vasile""".split()

FEMALE_FIRST = """Mary Patricia Jennifer Linda Elizabeth Barbara Susan Jessica Sarah Karen Nancy Lisa
Margaret Betty Sandra Ashley Dorothy Kimberly Emily Donna Michelle Carol Amanda Melissa Deborah Stephanie
Rebecca Laura Sharon Cynthia Kathleen Amy Shirley Angela Helen Anna Brenda Pamela Nicole Samantha
Katherine Emma Ruth Christine Catherine Debra Rachel Carolyn Janet Virginia Maria Heather Diane Julie
Joyce Victoria Kelly Christina Joan Evelyn Lauren Judith Olivia Frances Martha Cheryl Megan Andrea Hannah
Jacqueline Ann Jean Alice Kathryn Gloria Teresa Doris Sara Janice Julia Marie Madison Grace Judy Theresa
Beverly Denise Marilyn Amber Danielle Abigail Brittany Rose Diana Natalie Sophia Alexis Lori Kayla Jane
Lenka Petra Katerina Tereza Jana Hana Zuzana Agnieszka Katarzyna Malgorzata Joanna Magdalena Natalia
Olga Tatiana Irina Svetlana Elena Yulia Ekaterina Ingrid Astrid Sigrid Ingeborg Freja Karin Linnea Maja
Elin Sofie Ida Camille Claire Sophie Amelie Chloe Juliette Margaux Manon Isabelle Giulia Francesca
Chiara Valentina Federica Elisa Silvia Carmen Lucia Pilar Ines Beatriz Marta Raquel Ana Mariana Leonor
Sanne Lotte Femke Anouk Siobhan Niamh Saoirse Orla Eilidh Morag Fiona Isla Cerys Seren Bethan Yuki
Haruka Aiko Ayse Elif Zeynep Fatima Leila Yasmin Priya Ananya Kavya Meera Amara Ngozi Adaeze Zanele
Thandiwe Camila Valeria Daniela Gabriela Isabela Renata Katalin Eszter Zsofia Milena Jelena Ivana Dragana
Eleni Katerina Despina Maria Aino Liisa Kaisa Tiina Kadri Liga Ilze Egle Ruta Ioana Andreea Elena Ilse""".split()

SURNAMES = """Smith Johnson Williams Brown Jones Miller Davis Wilson Anderson Taylor Thomas Moore Martin
Jackson Thompson White Harris Clark Lewis Robinson Walker Young Allen King Wright Scott Hill Green Adams
Baker Nelson Carter Mitchell Roberts Turner Phillips Campbell Parker Evans Edwards Collins Stewart Morris
Rogers Reed Cook Morgan Bell Murphy Bailey Cooper Richardson Cox Howard Ward Peterson Gray James Watson
Brooks Kelly Sanders Price Bennett Wood Barnes Ross Henderson Coleman Jenkins Perry Powell Long Patterson
Hughes Flores Washington Butler Simmons Foster Bryant Alexander Russell Griffin Hayes Myers Ford Hamilton
Graham Sullivan Wallace Woods Cole West Jordan Owens Reynolds Fisher Ellis Harrison Gibson Marshall Novak
Svoboda Dvorak Cerny Prochazka Kucera Vesely Horak Nemec Pokorny Marek Kowalski Nowak Wisniewski Wojcik
Kaminski Lewandowski Zielinski Szymanski Wozniak Dabrowski Ivanov Petrov Sidorov Smirnov Volkov Sokolov
Popov Lebedev Kozlov Morozov Muller Schmidt Schneider Fischer Weber Meyer Wagner Becker Schulz Hoffmann
Koch Richter Klein Wolf Schroder Neumann Braun Zimmermann Hartmann Kruger Lange Werner Krause Lehmann
Hansen Johansen Olsen Larsen Andersen Pedersen Nielsen Kristiansen Jensen Karlsson Nilsson Eriksson
Lindqvist Lindberg Berg Holm Dahl Lund Strand Martin Bernard Dubois Durand Lefebvre Leroy Moreau Laurent
Simon Michel Garnier Rousseau Fontaine Chevalier Rossi Russo Ferrari Esposito Bianchi Romano Colombo
Ricci Marino Greco Bruno Gallo Conti Mancini Costa Giordano Rizzo Lombardi Moretti Garcia Martinez Lopez
Gonzalez Rodriguez Fernandez Sanchez Perez Gomez Diaz Moreno Alvarez Romero Navarro Torres Ruiz Serrano
Silva Santos Ferreira Pereira Oliveira Rodrigues Almeida Carvalho Sousa Ribeiro Janssen Visser Smit
Bakker Meijer Mulder Bos Vos Dekker Brouwer Kuiper Dunne Byrne Ryan OConnor Doyle Gallagher Kennedy Lynch
Quinn Brennan Fraser MacLeod Campbell Murray Buchanan Drummond Lachlan Pryce Llewellyn Vaughan Tanaka
Suzuki Takahashi Watanabe Yamamoto Nakamura Kobayashi Yilmaz Demir Kaya Celik Sahin Haddad Khalil Mansour
Patel Sharma Gupta Iyer Mehta Nair Okafor Mensah Owusu Adeyemi Nkosi Dlamini Mokoena Kovacs Nagy Horvath
Toth Szabo Varga Jovanovic Petrovic Nikolic Markovic Papadopoulos Georgiou Dimitriou Virtanen Korhonen
Nieminen Makinen Tamm Saar Ozols Berzins Kazlauskas Jankauskas Popescu Ionescu Dumitru Stan Marrow
Reinholt Ostrava Kessel Brevik Halloran Ashdown Whitcombe Vance Thorne Blackwood Fairbairn Redfern
Penhaligon Treloar Castellan Delacroix Morvan Aubert Varenne Lindahl Sandvik Hovland Eklund Falk Ahlgren""".split()
SURNAMES = [s.replace("OConnor", "O'Connor") for s in SURNAMES]

# Pieces of invented place names ("Kessel" + "by"); real places are in COUNTRIES / REAL_CITIES.
PLACE_HEADS = """Kes Mar Val Bre Hal Ost Dun Ash Whit Thor Black Fair Red Pen Tre Cas Mor Aub Lind Sand
Hov Ek Falk Ahl Bran Carr Dor Elm Fen Gar Holt Ing Kil Lan Mel Nor Orm Quen Ros Sel Tam Ul Ven Wex Yar
Zel Bel Cor Dal Ess Gil Hart Lor Myr Nest Oak Pol Rav Stav Tor Ulm Wil Ald Bard Cran Dray Edg Gran Heth
Kirk Lud Mill Nant Pit Rhen Shal Stan Thal Vard Wend Alt Berk Dorn Eis Fried Gries Hoch Kalt Lieb
Schon Stein Wald Brze Kras Les Lub Ostr Pod Sosn Wiel Zab Vla Dra Mir Sve Bor Gor Kras Nov""".split()
PLACE_MIDS = ["", "", "", "a", "e", "i", "o", "en", "er", "an", "el", "on", "ing", "ow", "ar"]
PLACE_TAILS = """by ton ford ham wick stead field worth mouth bridge dale holm vik stad berg burg heim hausen
dorf feld ice ov ava ovo ec ica ville mont court ac ey ington more wood haven port ness moor""".split()

COUNTRIES = [
    ("England", "English"), ("Scotland", "Scottish"), ("Wales", "Welsh"), ("Ireland", "Irish"),
    ("France", "French"), ("Germany", "German"), ("Austria", "Austrian"), ("Switzerland", "Swiss"),
    ("Italy", "Italian"), ("Spain", "Spanish"), ("Portugal", "Portuguese"), ("the Netherlands", "Dutch"),
    ("Belgium", "Belgian"), ("Denmark", "Danish"), ("Norway", "Norwegian"), ("Sweden", "Swedish"),
    ("Finland", "Finnish"), ("Estonia", "Estonian"), ("Latvia", "Latvian"), ("Lithuania", "Lithuanian"),
    ("Poland", "Polish"), ("the Czech Republic", "Czech"), ("Slovakia", "Slovak"), ("Hungary", "Hungarian"),
    ("Romania", "Romanian"), ("Bulgaria", "Bulgarian"), ("Serbia", "Serbian"), ("Croatia", "Croatian"),
    ("Slovenia", "Slovenian"), ("Greece", "Greek"), ("Turkey", "Turkish"), ("Russia", "Russian"),
    ("Ukraine", "Ukrainian"), ("Canada", "Canadian"), ("the United States", "American"),
    ("Mexico", "Mexican"), ("Brazil", "Brazilian"), ("Argentina", "Argentine"), ("Chile", "Chilean"),
    ("Colombia", "Colombian"), ("Australia", "Australian"), ("New Zealand", "New Zealand"),
    ("Japan", "Japanese"), ("South Korea", "South Korean"), ("India", "Indian"), ("Nigeria", "Nigerian"),
    ("Ghana", "Ghanaian"), ("Kenya", "Kenyan"), ("South Africa", "South African"), ("Egypt", "Egyptian"),
    ("Morocco", "Moroccan"), ("Iceland", "Icelandic"),
]

REGION_KINDS = ["Province", "County", "Region", "District", "department", "Oblast", "canton", "Voivodeship"]
RIVERS_TAILS = ["", "", " River", " Water", "a", "e"]
MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
          "October", "November", "December"]
ORDINALS = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth",
            "eleventh", "twelfth"]
NUMBER_WORDS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
                "eleven", "twelve"]

ADJECTIVES = """Silent Hidden Golden Broken Distant Quiet Salt Northern Last Long Bitter Winter Summer Iron
Paper Glass Burning Hollow Lost Wild Crimson Blue Pale Dark Bright Little Second Narrow Open Restless
Wandering Sleeping Painted Forgotten Velvet Stone Silver Copper Amber Endless Empty Tender Secret Gentle
Savage Lonely Fading Rising Falling""".split()
NOUNS = """Tide Harbour River Orchard Garden House Road Mountain Sea Island Lantern Mirror Letter Season
Year Country Kingdom Forest Field Shore Sky Fire Bell Clock Bridge Window Door Voice Song Station Heart
Light Shadow Horse Wolf Raven Fox Crown Harvest Storm Winter Valley Lake Tower Ship Compass Map Thread
Salt Ashes Embers Dust Dreams Echoes Strangers Saints Sisters Brothers Daughters""".split()

GENRES_MUSIC = ["indie rock", "folk", "post-punk", "heavy metal", "electronic", "pop", "alternative rock",
                "jazz", "hip hop", "synth-pop", "progressive rock", "dream pop", "shoegaze", "country",
                "punk rock", "blues rock", "art rock", "Celtic folk", "psychedelic rock"]
GENRES_FILM = ["drama", "comedy", "thriller", "horror", "science fiction", "crime", "romantic comedy",
               "documentary", "war", "historical drama", "animated", "coming-of-age", "mystery", "biographical"]
INDUSTRIES = ["software", "engineering", "shipping", "brewing", "pharmaceutical", "telecommunications",
              "retail", "steel", "aerospace", "food processing", "textile", "media", "renewable energy",
              "logistics", "banking", "insurance", "publishing", "video game", "chemical", "automotive"]
COMPANY_TAILS = ["Group", "Holdings", "Industries", "Systems", "Works", "& Sons", "International",
                 "Technologies", "Logistics", "Foods", "Energy", "Media", "Motors", "Pharma", "Brewery"]
PARTIES = ["Social Democratic Party", "Liberal Party", "Conservative Party", "Green Party", "People's Party",
           "Centre Party", "Labour Party", "Christian Democratic Union", "National Alliance",
           "Progress Party", "Socialist Party", "Agrarian Union", "Civic Platform", "Democratic Left",
           "Pirate Party", "Independent Citizens' Movement", "Reform Party", "Workers' Party"]
PORTFOLIOS = ["Finance", "Health", "Education", "Transport", "Defence", "Agriculture", "Culture",
              "Justice", "Foreign Affairs", "the Interior", "Energy", "the Environment", "Labour",
              "Housing", "Trade", "Digital Affairs", "Sport", "Tourism"]
PROFESSIONS = ["lawyer", "teacher", "journalist", "physician", "engineer", "economist", "trade union official",
               "farmer", "civil servant", "historian", "nurse", "architect", "businessman", "police officer"]
SPORTS = [
    # (role, sport adjective, positions/events, team sport?)
    ("footballer", "football", ["goalkeeper", "defender", "centre-back", "full-back", "midfielder",
                                "winger", "forward", "striker"], True),
    ("ice hockey player", "ice hockey", ["goaltender", "defenceman", "centre", "winger"], True),
    ("basketball player", "basketball", ["point guard", "shooting guard", "small forward", "power forward",
                                         "centre"], True),
    ("handball player", "handball", ["goalkeeper", "left back", "playmaker", "right wing", "pivot"], True),
    ("cross-country skier", "cross-country skiing", ["15 km classical", "50 km freestyle", "sprint",
                                                     "skiathlon"], False),
    ("swimmer", "swimming", ["100 metre freestyle", "200 metre butterfly", "400 metre individual medley",
                             "100 metre breaststroke"], False),
    ("middle-distance runner", "athletics", ["800 metres", "1500 metres", "3000 metres steeplechase"], False),
    ("track cyclist", "cycling", ["individual pursuit", "keirin", "omnium", "team sprint"], False),
    ("rower", "rowing", ["single sculls", "double sculls", "coxless four", "lightweight double sculls"], False),
    ("biathlete", "biathlon", ["sprint", "pursuit", "individual", "mass start"], False),
    ("judoka", "judo", ["under 73 kg", "under 81 kg", "under 63 kg", "over 100 kg"], False),
    ("speed skater", "speed skating", ["500 metres", "1000 metres", "5000 metres", "team pursuit"], False),
]
WINTER_SPORTS = {"cross-country skiing", "biathlon", "speed skating", "ice hockey"}
CLUB_PATTERNS = ["FC {c}", "{c} United", "{c} City", "{c} Athletic", "SK {c}", "{c} Rovers", "Sporting {c}",
                 "{c} Wanderers", "Dynamo {c}", "Real {c}", "{c} Town", "AC {c}", "IF {c}", "{c} Albion"]
HOCKEY_CLUB = ["HC {c}", "{c} Bears", "{c} Falcons", "{c} Lions", "{c} Wolves", "{c} Flyers"]
LEAGUE_PATTERNS = ["{adj} First League", "{adj} Premier Division", "{adj} Championship", "{adj} Superliga",
                   "{adj} Second Division", "{adj} National League", "{adj} Liga"]
AWARD_PATTERNS = ["{s} Prize", "{adj} Book Award", "{s} Medal", "{adj} Music Prize", "{s} Award for Fiction",
                  "{c} Literary Prize", "{adj} Film Critics Award", "Golden {n} Award", "{c} Prize"]
FESTIVAL_KINDS = ["film", "music", "jazz", "literature", "folk music", "theatre", "documentary film", "arts"]
INFRA_KINDS = [
    # (kind word, noun in names, what it carries / hosts)
    ("cable-stayed bridge", "Bridge", "four lanes of road traffic and a light-rail line"),
    ("suspension bridge", "Bridge", "two lanes of road traffic and a footpath"),
    ("railway viaduct", "Viaduct", "a double-track railway line"),
    ("football stadium", "Stadium", None),
    ("concert hall", "Concert Hall", None),
    ("railway station", "Station", None),
    ("public library", "Library", None),
    ("art museum", "Museum of Art", None),
    ("office skyscraper", "Tower", None),
    ("airport", "Airport", None),
]
FIRMS = ["{s} & Partners", "{s} Architects", "{s} {s2} Associates", "Studio {s}", "{s} Engineering"]
CHARTS = ["{adj} Albums Chart", "{adj} Singles Chart", "UK Albums Chart", "Billboard 200",
          "{adj} Top 40"]
LABELS = ["{s} Records", "{n} Records", "{adj2} Recordings", "{c} Sound", "{s} Music"]
DIRECTIONS = ["north", "south", "east", "west", "north-east", "north-west", "south-east", "south-west"]

_WORDS_SPLIT = None


def pools():
    """All pools, each split into {'train': [...], 'test': [...]} (cached)."""
    global _WORDS_SPLIT
    if _WORDS_SPLIT is None:
        _WORDS_SPLIT = {
            "male": split_pool(sorted(set(MALE_FIRST))),
            "female": split_pool(sorted(set(FEMALE_FIRST))),
            "surname": split_pool(sorted(set(SURNAMES))),
            "adjective": split_pool(sorted(set(ADJECTIVES))),
            "noun": split_pool(sorted(set(NOUNS))),
        }
    return _WORDS_SPLIT


# ---------------------------------------------------------------------------
# Templates: "[[a|b|c]]" picks one alternative, then str.format fills {slots}.
# ---------------------------------------------------------------------------

_ALT = re.compile(r"\[\[([^\[\]]*)\]\]")


def expand(rng, s):
    while True:
        m = _ALT.search(s)
        if not m:
            return s
        s = s[:m.start()] + rng.choice(m.group(1).split("|")) + s[m.end():]


def cap(s):
    return s[:1].upper() + s[1:] if s else s


_AN = re.compile(r"\b([Aa]) ([AEIOUaeiou]\w*)")
_NOT_AN = re.compile(r"(?:Eu|eu|Uni|uni|Use|use|One|one|Ukr|Uga|Uru|Utah)")


def _article(m):
    word = m.group(2)
    if _NOT_AN.match(word):
        return m.group(0)
    return f"{m.group(1)}n {word}"


def say(rng, template, **kw):
    """Expands alternatives, fills slots, tidies spaces, fixes a/an, capitalises the first letter."""
    s = expand(rng, template).format(**kw)
    s = re.sub(r"\s+", " ", s).strip()
    s = re.sub(r" ([,.;:])", r"\1", s)
    s = _AN.sub(_article, s)
    return cap(s)


def thousands(n):
    return f"{n:,}"


def money(rng, lo, hi, currency=None):
    cur = currency or rng.choice(["$", "€", "£", "US$"])
    v = rng.uniform(lo, hi)
    if v >= 1000:
        return f"{cur}{v / 1000:.1f} billion"
    if v >= 10:
        return f"{cur}{v:.0f} million"
    return f"{cur}{v:.1f} million"


def ordinal_suffix(n):
    if 10 <= n % 100 <= 20:
        return f"{n}th"
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th') }"


def number_word(n):
    return NUMBER_WORDS[n] if 0 <= n < len(NUMBER_WORDS) else str(n)
