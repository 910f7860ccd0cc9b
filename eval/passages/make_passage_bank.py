#!/usr/bin/env python3
"""Writes passage_bank.json: a reading bank whose questions share passages (several questions on
one passage are not duplicates of each other), with two planted near duplicates (a question asked
again in other words under its passage) that near-duplicate must still report. The texts are
original. Run from this folder: python3 make_passage_bank.py"""
import json

PASSAGES = {
    "ferry": (
        "The ferry between the two islands ran twice a day until the spring storms damaged the "
        "northern pier. For six weeks the crossing left only from the southern harbour, which "
        "added forty minutes of driving for most villagers. The island council asked the operator "
        "to add an evening sailing while the pier was rebuilt, but the operator said its single "
        "crew could not work longer shifts without a second captain."),
    "bees": (
        "A beekeeper moved half of her hives from a field of clover to the edge of a pine forest "
        "in early June. By August the forest hives had produced less honey, but the honey was "
        "darker and sold for a higher price at the market. She also noticed that the forest "
        "colonies were calmer when she opened them, and that fewer of their bees had mites."),
    "library": (
        "When the town library began lending tools as well as books, the staff expected drills "
        "and ladders to be the most popular items. Instead, the most borrowed item in the first "
        "year was a soil testing kit, followed by a sewing machine. The librarian explained that "
        "people buy a drill once but rarely buy equipment they will use only for one project."),
    "glacier": (
        "Photographs taken from the same ridge in 1952 and in 2019 show that the glacier's front "
        "has retreated by about two kilometres. The lake that formed behind the old moraine now "
        "feeds a stream that did not exist seventy years ago. Researchers measuring the stream "
        "found that its flow peaks in the late afternoon, hours after the warmest part of the day."),
    "bakery": (
        "A small bakery started to weigh the bread it threw away at closing time. In the first "
        "month the waste averaged nine kilograms a day, mostly white loaves baked in the late "
        "morning. After the owner moved the last white bake to early afternoon and sold day-old "
        "loaves at half price, the daily waste fell to three kilograms within six weeks."),
    "choir": (
        "The village choir had sung without a conductor for years, each section following its "
        "strongest voice. When a retired music teacher offered to lead them, rehearsals grew "
        "longer and some older members left. By the end of the season, however, the choir had "
        "doubled its repertoire and was invited to sing at the regional festival for the first time."),
}

# (passage, question, options with the key first, id)
QUESTIONS = [
    ("ferry", "Why did the crossing leave only from the southern harbour?",
     ["The northern pier was damaged", "The operator lacked a captain", "The council asked for it", "The evening sailing was added"]),
    ("ferry", "What did the council ask the operator to do?",
     ["Add an evening sailing", "Rebuild the northern pier", "Hire a second crew", "Close the southern harbour"]),
    ("ferry", "Which word best describes the operator's answer to the council?",
     ["Reluctant", "Enthusiastic", "Angry", "Confused"]),
    ("ferry", "Which word best describes the villagers' situation during the six weeks?",
     ["Inconvenienced", "Enthusiastic", "Angry", "Confused"]),
    ("bees", "What happened to the honey from the forest hives?",
     ["It was darker and dearer", "It was lighter and cheaper", "It was the same as before", "It could not be sold"]),
    ("bees", "Which change did the beekeeper notice when she opened the forest hives?",
     ["The colonies were calmer", "The colonies were smaller", "The bees were more aggressive", "The combs were empty"]),
    ("bees", "Which conclusion about the forest site does the passage support best?",
     ["Less honey, but of more value", "More honey of the same value", "No honey at all", "The same honey as the clover field"]),
    ("bees", "What does the passage suggest about mites in the forest colonies?",
     ["They were less common", "They were more common", "They killed the colonies", "They were not checked"]),
    ("library", "Which item was borrowed most often in the first year?",
     ["A soil testing kit", "A drill", "A ladder", "A sewing machine"]),
    ("library", "Which item was borrowed second most often in the first year?",
     ["A sewing machine", "A drill", "A ladder", "A soil testing kit"]),
    ("library", "What did the staff expect before the tool lending began?",
     ["Drills and ladders would be most popular", "Nobody would borrow tools", "Books would be borrowed less", "Sewing machines would break"]),
    ("library", "How does the librarian explain the result?",
     ["People avoid buying tools for one project", "Drills are too expensive to lend", "Gardeners read more books", "Ladders are hard to carry"]),
    ("glacier", "How far has the glacier's front retreated between the two photographs?",
     ["About two kilometres", "About seventy metres", "About twenty kilometres", "It has advanced"]),
    ("glacier", "Where does the new stream get its water?",
     ["From the lake behind the old moraine", "From rain on the ridge", "From a spring under the glacier", "From the sea"]),
    ("glacier", "When does the stream's flow reach its peak?",
     ["In the late afternoon", "At the warmest part of the day", "At dawn", "At midnight"]),
    ("glacier", "In which year was the earlier photograph taken?",
     ["1952", "2019", "1972", "1925"]),
    ("bakery", "What made up most of the bread thrown away in the first month?",
     ["White loaves baked in the late morning", "Day-old loaves", "Rye bread baked at dawn", "Cakes"]),
    ("bakery", "Which two changes did the owner make?",
     ["A later white bake and cheaper day-old loaves", "Smaller loaves and longer hours", "Fewer staff and a new oven", "A delivery service and a café"]),
    ("bakery", "How much bread was thrown away each day after the changes?",
     ["Three kilograms", "Nine kilograms", "Six kilograms", "Half a kilogram"]),
    ("bakery", "How long did it take for the waste to fall?",
     ["Six weeks", "One month", "Three days", "A year"]),
    ("choir", "How did the choir rehearse before the teacher arrived?",
     ["Each section followed its strongest voice", "A conductor led every rehearsal", "They did not rehearse", "They sang from recordings"]),
    ("choir", "What happened when the teacher began to lead the choir?",
     ["Rehearsals grew longer and some members left", "The choir stopped singing", "Rehearsals grew shorter", "New members joined at once"]),
    ("choir", "What did the choir achieve by the end of the season?",
     ["An invitation to the regional festival", "A recording contract", "A new concert hall", "A national prize"]),
    ("choir", "What happened to the choir's repertoire?",
     ["It doubled", "It halved", "It stayed the same", "It was replaced by the teacher's"]),
]

# Copies that are near duplicates: one question of a passage asked again in other words.
PLANTED = [
    ("bakery", "What made up most of the bread that was thrown away during the first month?",
     ["White loaves baked in the late morning", "Day-old loaves", "Cakes", "Rye bread baked at dawn"]),
    ("library", "In the first year, which item was borrowed most often?",
     ["A soil testing kit", "A ladder", "A drill", "A sewing machine"]),
]


def question(qid, passage, ask, options):
    return {
        "id": qid,
        "stem": PASSAGES[passage] + "\n" + ask,
        "options": [{"text": o, "correct": i == 0} for i, o in enumerate(options)],
    }


def main():
    questions, counts = [], {}
    for passage, ask, options in QUESTIONS:
        counts[passage] = counts.get(passage, 0) + 1
        questions.append(question(f"{passage}-{counts[passage]}", passage, ask, options))
    for passage, ask, options in PLANTED:
        questions.append(question(f"{passage}-copy", passage, ask, options))
    bank = {"qbank": 1, "id": "passages", "title": "Reading passages", "questions": questions}
    with open("passage_bank.json", "w", encoding="utf-8") as out:
        json.dump(bank, out, indent=2, ensure_ascii=False)
        out.write("\n")


if __name__ == "__main__":
    main()
