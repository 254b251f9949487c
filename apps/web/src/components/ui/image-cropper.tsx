import { profileImageRules } from '@therapy/contracts/profile';
import { useId, useState } from 'react';
import Cropper from 'react-easy-crop';
import type { Area } from 'react-easy-crop';

interface ImageCropperProps {
  src: string;
  /** Accessible name of the crop area (focusable; arrow keys move the picture under it). */
  areaLabel: string;
  /** How to use it with a keyboard, read after the name. */
  areaHint: string;
  zoomLabel: string;
  onAreaChange: (area: Area) => void;
}

const { min, max, step } = profileImageRules.zoom;

/**
 * react-easy-crop with a square, round-masked crop and a zoom slider (spec §2: zoom 1 to 3 in steps of 0.1). The
 * slider is a native range input, so arrow keys, Page Up/Down, Home and End change the zoom; arrow keys on the
 * focused crop area move the picture. Loaded only with the crop modal (it is not small).
 */
export function ImageCropper({ src, areaLabel, areaHint, zoomLabel, onAreaChange }: ImageCropperProps) {
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState<number>(min);
  const zoomId = useId();
  const hintId = useId();
  return (
    <div className="flex flex-col gap-4">
      <div className="relative h-64 w-full overflow-hidden rounded-xl bg-slate-900 sm:h-80">
        <Cropper
          image={src}
          crop={crop}
          zoom={zoom}
          minZoom={min}
          maxZoom={max}
          aspect={1}
          cropShape="round"
          showGrid={false}
          onCropChange={setCrop}
          onZoomChange={setZoom}
          onCropComplete={(_area, pixels) => onAreaChange(pixels)}
          cropperProps={{ role: 'group', 'aria-label': areaLabel, 'aria-describedby': hintId }}
          keyboardStep={10}
        />
      </div>
      <p id={hintId} className="sr-only">
        {areaHint}
      </p>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={zoomId} className="text-sm font-medium text-slate-800">
          {zoomLabel}
        </label>
        <div className="flex items-center gap-3">
          <input
            id={zoomId}
            type="range"
            min={min}
            max={max}
            step={step}
            value={zoom}
            onChange={(event) => setZoom(Number(event.target.value))}
            className="h-11 w-full accent-brand-700"
            aria-valuetext={`${zoom.toFixed(1)}×`}
          />
          <output htmlFor={zoomId} className="w-10 shrink-0 text-right text-sm tabular-nums text-slate-700">
            {zoom.toFixed(1)}×
          </output>
        </div>
      </div>
    </div>
  );
}
