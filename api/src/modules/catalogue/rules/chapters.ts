import type { ChapterDocument } from '../documents';
import { badRequest } from '../../../http/app-error';

/** 75 → "1:15", 3725 → "1:02:05": how a person reads a time in the video. */
export function clockTime(totalSeconds: number): string {
  const seconds = Math.floor(totalSeconds % 60);
  const minutes = Math.floor(totalSeconds / 60) % 60;
  const hours = Math.floor(totalSeconds / 3600);
  const pad = (value: number) => String(value).padStart(2, '0');
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(seconds)}` : `${minutes}:${pad(seconds)}`;
}

/** Chapters come in the order they play, each starting after the previous one and before the end. */
export function checkChapters(chapters: ChapterDocument[], durationSeconds: number): ChapterDocument[] {
  chapters.forEach((chapter, index) => {
    const label = `O capítulo ${index + 1} ("${chapter.title.trim()}")`;
    const previous = chapters[index - 1];
    if (previous && chapter.startSeconds <= previous.startSeconds) {
      throw badRequest(
        `${label} começa em ${clockTime(chapter.startSeconds)}, mas precisa começar depois do capítulo ${index} (${clockTime(previous.startSeconds)}). Ordene os capítulos pelo início, sem repetir.`,
        'INVALID_CHAPTERS',
      );
    }
    if (chapter.startSeconds >= durationSeconds) {
      throw badRequest(
        `${label} começa em ${clockTime(chapter.startSeconds)}, depois do fim do vídeo (${clockTime(durationSeconds)}).`,
        'INVALID_CHAPTERS',
      );
    }
  });
  return chapters.map((chapter) => ({ startSeconds: chapter.startSeconds, title: chapter.title.trim() }));
}
