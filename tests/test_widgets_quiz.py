"""The self-check questions at the end of the rules lessons (issue #24): answered from Python as a click would."""

from __future__ import annotations

import pytest

from isle_nb.widgets import Question, Quiz, check_yourself
from isle_nb.widgets.quiz import quiz_topics
from isle_nb.widgets.words import rule_texts

TOPICS = ["setup", "placing", "explore", "lessons", "rescue", "rare_finds", "scoring", "solo", "family", "pocket",
          "explore_draw"]


def test_every_lesson_has_three_or_four_questions_citing_real_rules() -> None:
    topics = quiz_topics()
    assert sorted(topics) == sorted(TOPICS)
    for topic, questions in topics.items():
        assert 3 <= len(questions) <= 4, topic
        for question in questions:
            assert question.rule in rule_texts(), f"{topic}: {question.rule} is not a rule ID"
            assert len(set(question.choices)) == len(question.choices) >= 2, question.question
            assert question.why.endswith(".") and question.question.endswith("?"), question.question


def test_answers_are_not_always_the_same_choice() -> None:
    answers = [q.answer for questions in quiz_topics().values() for q in questions]
    assert len(set(answers)) >= 3


def test_a_right_answer_says_so_with_its_rule() -> None:
    # RESCUE-2: equal speeds keep their old order, so Bob (first before) stays ahead of Ann
    quiz = check_yourself("rescue")
    first = quiz.questions[0]
    assert first.question.rule == "RESCUE-2"
    assert first.question.choices[1] == "Cat, Bob, Ann"
    first.buttons[1].click()
    assert first.right is True and quiz.score == 1
    assert "Right." in first.feedback.value and "RESCUE-2" in first.feedback.value
    assert [b.button_style for b in first.buttons] == ["", "success", ""]
    assert "1 of 1 answered right" in quiz.tally.value


def test_a_wrong_answer_shows_the_right_one_and_why() -> None:
    quiz = check_yourself("rescue")
    first = quiz.questions[0]
    first.buttons[0].click()  # "Cat, Ann, Bob": forgets that ties keep the old order
    assert first.right is False and quiz.score == 0
    assert 'Not quite:</span> the answer is "Cat, Bob, Ann"' in first.feedback.value
    assert "equal speeds keep their old order" in first.feedback.value
    assert [b.button_style for b in first.buttons] == ["danger", "success", ""]
    assert "0 of 1 answered right" in quiz.tally.value
    first.buttons[1].click()  # answering again: the last answer counts
    assert first.right is True and quiz.score == 1
    assert [b.button_style for b in first.buttons] == ["", "success", ""]


def test_a_quiz_from_own_questions_and_refusals() -> None:
    question = Question("Two plus two?", ("3", "4"), 1, "SCORE-1", "Arithmetic.")
    quiz = Quiz([question], title="Warm-up")
    assert quiz.questions[0].choose(1) is True and quiz.score == 1
    with pytest.raises(ValueError, match="not one of the 2 choices"):
        Question("?", ("a", "b"), 2, "SCORE-1", "")
    with pytest.raises(KeyError, match="no questions on 'chess'"):
        check_yourself("chess")
