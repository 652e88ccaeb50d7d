"""Check yourself: a few multiple-choice questions at the end of a rules lesson, each answered at once.

>>> from isle_nb.widgets import check_yourself
>>> quiz = check_yourself("rescue")        # the questions of notebook 05
>>> quiz.questions[0].choose(1)            # what a click on the second choice does
True

A click on a choice marks it right (green) or wrong (red, and the right choice green), and a line below says why,
with the rule as a small tag whose tooltip is the rule's text. The questions are data (``isle_nb/data/quizzes.json``),
written from the project's rules reference; every question names the rule that answers it.
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from functools import cache

import ipywidgets as widgets

from isle_nb.data import load
from isle_nb.widgets.style import style_widget
from isle_nb.widgets.words import rule_tag


@dataclass(frozen=True)
class Question:
    """One question: the choices, which one is right (``answer``, an index), the rule that says so and why."""

    question: str
    choices: tuple[str, ...]
    answer: int
    rule: str
    why: str

    def __post_init__(self) -> None:
        if not 0 <= self.answer < len(self.choices):
            raise ValueError(f"answer {self.answer} is not one of the {len(self.choices)} choices")

    def is_right(self, choice: int) -> bool:
        """Whether ``choice`` (an index into ``choices``) is the right answer."""
        return choice == self.answer


@cache
def quiz_topics() -> dict[str, tuple[Question, ...]]:
    """Every topic's questions (``"setup"``, ``"rescue"``, ``"solo"``, ...), read once from the data file."""
    return {
        topic: tuple(Question(q["question"], tuple(q["choices"]), q["answer"], q["rule"], q["why"]) for q in questions)
        for topic, questions in load("quizzes").items()
    }


class QuestionWidget(widgets.VBox):
    """One question as a widget: its text, one button per choice and, once answered, a line saying why."""

    def __init__(self, question: Question, number: int) -> None:
        self.question = question
        self.chosen: int | None = None
        prompt = widgets.HTML(f"<b>{number}.</b> {html.escape(question.question)}")
        self.buttons = [widgets.Button(description=choice, tooltip=choice) for choice in question.choices]
        for index, button in enumerate(self.buttons):
            button.add_class("isle-quiz-choice")
            button.on_click(lambda _button, index=index: self.choose(index))
        self.feedback = widgets.HTML("")
        super().__init__([prompt, widgets.VBox(self.buttons), self.feedback])
        self.add_class("isle-quiz-question")

    @property
    def right(self) -> bool | None:
        """Whether the last answer was right (None before any answer)."""
        return None if self.chosen is None else self.question.is_right(self.chosen)

    def choose(self, index: int) -> bool:
        """Answer with choice ``index`` (what a click does): colour the buttons, say why, return whether it was
        right. Answering again is allowed; the last answer counts."""
        question = self.question
        self.chosen = index
        for number, button in enumerate(self.buttons):
            button.button_style = "success" if question.is_right(number) else "danger" if number == index else ""
        if question.is_right(index):
            verdict = '<span class="isle-quiz-right">Right.</span>'
        else:
            answer = html.escape(question.choices[question.answer])
            verdict = f'<span class="isle-quiz-wrong">Not quite:</span> the answer is "{answer}".'
        self.feedback.value = f"{verdict} {html.escape(question.why)} {rule_tag(question.rule)}"
        return question.is_right(index)


QUIZ_CSS = """
.isle-quiz { border-left: 4px solid #c9a96e; padding: 4px 0 4px 12px; margin: 8px 0; }
.isle-quiz .isle-quiz-question { margin: 6px 0 8px 0; }
.isle-quiz .isle-quiz-choice { width: auto; max-width: 640px; height: auto; min-height: 28px; text-align: left;
  white-space: normal; line-height: 1.3; padding: 4px 12px; margin: 2px 0; }
.isle-quiz .isle-quiz-right { color: #1e6b34; font-weight: bold; }
.isle-quiz .isle-quiz-wrong { color: #a11a1a; font-weight: bold; }
"""


class Quiz(widgets.VBox):
    """A few questions (under ``title``, if given), with a running count of right answers."""

    def __init__(self, questions: tuple[Question, ...] | list[Question], title: str | None = None) -> None:
        self.questions = [QuestionWidget(question, number) for number, question in enumerate(questions, 1)]
        self.tally = widgets.HTML("")
        for question in self.questions:
            for button in question.buttons:
                button.on_click(lambda _button: self._count())
        heading = widgets.HTML((f"<h3>{html.escape(title)}</h3>" if title else "")
                               + "<p>Click an answer: you see at once whether it is right, and why.</p>")
        style = widgets.HTML(f"<style>{QUIZ_CSS}</style>", layout=widgets.Layout(display="none"))
        super().__init__([style_widget(), style, heading, *self.questions, self.tally])
        self.add_class("isle-quiz")

    @property
    def score(self) -> int:
        """How many questions are answered right."""
        return sum(1 for question in self.questions if question.right)

    def _count(self) -> None:
        answered = sum(1 for question in self.questions if question.chosen is not None)
        self.tally.value = f"<i>{self.score} of {answered} answered right ({len(self.questions)} questions).</i>"


def check_yourself(topic: str) -> Quiz:
    """The questions at the end of a rules lesson: ``topic`` is one of :func:`quiz_topics` (``"rescue"``, ...)."""
    topics = quiz_topics()
    if topic not in topics:
        raise KeyError(f"no questions on {topic!r}; the topics are {', '.join(topics)}")
    return Quiz(topics[topic])


__all__ = ["Question", "QuestionWidget", "Quiz", "check_yourself", "quiz_topics"]
