import type { ObjectId } from 'mongodb';

export interface BannerDocument {
  _id: ObjectId;
  title: string;
  imageUrl: string;
  linkUrl: string | null;
  order: number;
  active: boolean;
  startsAt: Date | null;
  endsAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}
